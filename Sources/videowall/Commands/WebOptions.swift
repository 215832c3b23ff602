import ArgumentParser
import Foundation
import VideoWallCore
import VideoWallRemote

/// `--http` and what goes with it (README, "Web control page"), on `play` and `lead`.
struct WebOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("Serve the web control page and its API on [ADDRESS:]PORT (address 127.0.0.1 unless given; another address only with a token).", valueName: "[address:]port"))
    var http: String?

    @Option(name: .long, help: ArgumentHelp("The token the page and the API ask for (a key file: `videowall key new PATH`, mode 0600). `lead` takes its --wall-key-file when this is not given.", valueName: "path"))
    var httpTokenFile: String?

    @Option(name: .long, help: ArgumentHelp("The folder the page lists media from and uploads into.", valueName: "folder"))
    var mediaFolder: String?

    @Option(name: .long, help: ArgumentHelp("The largest upload into the media folder, in MiB (1 to 1048576).", valueName: "MiB"))
    var uploadLimit = 2048

    /// `--http`'s address and port; nil when not given.
    var endpoint: (address: String, port: Int)? {
        http.flatMap { HostAndPort.parse($0, alone: .port, defaultHost: "127.0.0.1") }.map { ($0.host, $0.port) }
    }

    /// `tokenElsewhere`: `lead`'s wall key, which serves as the token when no other is given.
    func check(tokenElsewhere: Bool) throws {
        guard http != nil else {
            if httpTokenFile != nil || mediaFolder != nil { throw ValidationError("--http-token-file and --media-folder go with --http") }
            return
        }
        guard let endpoint else {
            throw ValidationError("--http takes [ADDRESS:]PORT with a port from 1 to 65535, got \(TerminalText.quoted(http ?? ""))")
        }
        guard ControlPortAccess.isNumeric(endpoint.address) else {
            throw ValidationError("--http takes a numeric IPv4 or IPv6 address, got \(TerminalText.quoted(endpoint.address))")
        }
        guard httpTokenFile != nil || tokenElsewhere || ControlPortAccess.isLoopback(endpoint.address) else {
            throw ValidationError("--http \(TerminalText.quoted(http ?? "")) would open the wall to the network without a token: give --http-token-file too ('videowall key new PATH' makes one)")
        }
        guard (1...1_048_576).contains(uploadLimit) else {
            throw ValidationError("--upload-limit must be 1 to 1048576 MiB, got \(uploadLimit)")
        }
        if let mediaFolder {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: mediaFolder, isDirectory: &isFolder), isFolder.boolValue else {
                throw ValidationError("--media-folder \(TerminalText.quoted(mediaFolder)) is not a folder")
            }
        }
    }

    /// The settings a session serves the page by; `wallKeyFile`: `lead`'s, the token's
    /// stand-in. Reads the token file (before the wall starts).
    func settings(wallKeyFile: String? = nil) throws -> WebSettings? {
        guard let endpoint else { return nil }
        var token: String?
        if let path = httpTokenFile ?? wallKeyFile {
            do { token = try WallKey.load(path: path).text.trimmingCharacters(in: .whitespacesAndNewlines) } catch {
                throw ValidationError(error.description)
            }
        }
        return WebSettings(address: endpoint.address, port: endpoint.port, token: token,
                           mediaFolder: mediaFolder.map(LeadCommand.absolute), uploadLimit: uploadLimit << 20)
    }
}

/// `--http` as a session serves it.
struct WebSettings: Sendable {
    var address: String
    var port: Int
    var token: String?
    var mediaFolder: String?
    var uploadLimit: Int
}
