import ArgumentParser
import Foundation
import GLibMainLoop
import VideoWallCore
import VideoWallEngine
import VideoWallRemote

/// `videowall lead`: plays a wall as `play` does, and serves its clock and its remote control
/// to followers on other machines (walls across machines; for trusted networks only).
struct LeadCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lead",
        abstract: "Play a wall and lead followers on other machines: serve its clock (UDP) and its remote control (TCP).")

    @OptionGroup var playback: PlaybackOptions
    @OptionGroup(title: "Window") var window: WindowOptions
    @OptionGroup(title: "Web control page") var web: WebOptions

    @Option(name: .long, help: ArgumentHelp("The UDP port the wall's clock is served on (1 to 65535).", valueName: "port"))
    var clockPort = WallRole.defaultClockPort

    @Option(name: .long, help: ArgumentHelp("The TCP port of the remote-control protocol, which followers read the wall from (1 to 65535).", valueName: "port"))
    var controlPort = WallRole.defaultControlPort

    @Option(name: .long, help: ArgumentHelp("The address the control port listens on: 127.0.0.1 (this machine only) by default, 0.0.0.0 (every address) when a key is given. Any other than loopback needs --wall-key-file.", valueName: "address"))
    var controlAddress: String?

    @Option(name: .long, help: ArgumentHelp("The address the clock is served on (UDP), with the same default and rule as --control-address.", valueName: "address"))
    var clockAddress: String?

    @Option(name: .long, help: ArgumentHelp("The wall key ('videowall key new PATH' makes one; copy it to each follower): a client of the control port must prove it before anything else, and so must this leader to its followers.", valueName: "path"))
    var wallKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("A second key that gives a client who proves it control of the whole wall over the control port (pause, seek, speed, sources); without it the control port serves followers only, and the wall is controlled through --input-ipc-server.", valueName: "path"))
    var controlKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("The screen of the layout's canvas this machine shows (a name from its 'screens:'); without it the window shows the whole canvas.", valueName: "name"))
    var screen: String?

    @Argument(help: "Paths or URIs, one per tile: each follower must reach the same ones (a path that exists on each machine, or an http or HLS URI).")
    var media: [String] = []

    mutating func validate() throws {
        media = window.takeWordsPastScreenshot() + media
        try playback.validate()
        try window.validate(headless: playback.headless, quitAfter: playback.quitAfter)
        try Self.validate(screen: screen)
        for (name, port) in [("--clock-port", clockPort), ("--control-port", controlPort)] {
            try NumberChecks.whole(port, option: name, in: 1...65535)
        }
        let keyed = wallKeyFile != nil || controlKeyFile != nil
        for (option, address) in [("--control-address", controlAddress), ("--clock-address", clockAddress)] {
            guard let address else { continue }
            guard ControlPortAccess.isNumeric(address) else {
                throw ValidationError("\(option) takes a numeric IPv4 or IPv6 address, got \(TerminalText.quoted(address))")
            }
            guard keyed || ControlPortAccess.isLoopback(address) else {
                throw ValidationError("\(option) \(TerminalText.quoted(address)) would open the wall to the network without a key: give --wall-key-file too ('videowall key new PATH' makes one)")
            }
        }
        try web.check(tokenElsewhere: wallKeyFile != nil)
        if media.isEmpty { throw ValidationError("give one to \(playback.maxTiles) paths or URIs to play") }
    }

    func run() throws {
        let keys = ControlPortAccess(wallKey: try wallKeyFile.map(Self.key), controlKey: try controlKeyFile.map(Self.key))
        // Loopback unless a key is given: then every address, unless one is named.
        let everywhere = keys.asksForKey ? "0.0.0.0" : "127.0.0.1"
        let access = LeaderAccess(controlAddress: controlAddress ?? everywhere, clockAddress: clockAddress ?? everywhere, keys: keys)
        try PlayCommand.play(media.map(Self.absolute), playback: playback, window: window,
                             role: .lead(clockPort: clockPort, controlPort: controlPort, access: access), screen: screen,
                             web: try web.settings(wallKeyFile: wallKeyFile))
    }

    /// The key at `path`, read before the wall starts; one line and status 64 when it cannot be.
    static func key(at path: String) throws -> WallKey {
        do { return try WallKey.load(path: path) } catch {
            Console.error(error.description)
            throw ExitStatus.usage
        }
    }

    /// A screen's name as a layout may give it: not empty, at most 64 characters.
    static func validate(screen: String?) throws {
        guard let screen else { return }
        guard !screen.isEmpty, screen.count <= 64, !screen.contains(where: { $0.isNewline }) else {
            throw ValidationError("--screen takes a screen's name from the layout (1 to 64 characters), got \(TerminalText.quoted(screen))")
        }
    }

    /// A relative path as an absolute one: followers are told the sources as the leader names them.
    static func absolute(_ source: String) -> String {
        guard !source.contains("://"), !source.hasPrefix("/") else { return source }
        return FileManager.default.currentDirectoryPath + "/" + source
    }
}

/// `videowall follow HOST[:PORT]`: plays the wall a leader plays, on the leader's clock, the
/// same frame at the same moment.
struct FollowCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "follow",
        abstract: "Follow a wall led by `videowall lead` on another machine: its sources, on its clock, frame for frame.")

    @OptionGroup var playback: PlaybackOptions
    @OptionGroup(title: "Window") var window: WindowOptions

    @Argument(help: "The leader: HOST, HOST:PORT or [IPV6]:PORT (its --control-port, 9638 by default).")
    var leaderWords: [String] = []

    /// The one leader given (checked in `validate`).
    var leader: String { leaderWords.first ?? "" }

    @Option(name: .long, help: ArgumentHelp("The UDP port to ask the leader's clock on, when it is not the one the leader says (a port forwarded or relayed).", valueName: "port"))
    var clockPort: Int?

    @Option(name: .long, help: ArgumentHelp("The leader's wall key (its --wall-key-file): proved to the leader, which must prove it back.", valueName: "path"))
    var wallKeyFile: String?

    @Option(name: .long, help: ArgumentHelp("The folder the leader's local sources must be in (links followed): a file outside it, a folder or a device is refused. Without it, only network sources are played.", valueName: "folder"))
    var mediaRoot: String?

    @Option(name: .long, help: ArgumentHelp("The screen of the leader's canvas this machine shows (a name from the layout's 'screens:'); without it the window shows the whole canvas.", valueName: "name"))
    var screen: String?

    mutating func validate() throws {
        leaderWords = window.takeWordsPastScreenshot() + leaderWords
        guard leaderWords.count == 1 else {
            throw ValidationError(leaderWords.isEmpty ? "give the leader: HOST, HOST:PORT or [IPV6]:PORT" : "give one leader, got \(leaderWords.count) words")
        }
        try playback.validate()
        try window.validate(headless: playback.headless, quitAfter: playback.quitAfter)
        try LeadCommand.validate(screen: screen)
        if let clockPort { try NumberChecks.whole(clockPort, option: "--clock-port", in: 1...65535) }
        guard Self.address(of: leader) != nil else {
            throw ValidationError("the leader must be HOST, HOST:PORT or [IPV6]:PORT with PORT from 1 to 65535, got \(TerminalText.quoted(leader))")
        }
    }

    func run() throws {
        guard let (host, port) = Self.address(of: leader) else { throw ExitStatus.usage }
        let key = try wallKeyFile.map(LeadCommand.key)
        // The leader is asked on a thread of its own; the main thread only waits for the answer.
        let answer = LeaderAnswer()
        Task.detached { answer.give(await WallLink.leaderWall(host: host, port: port, key: key)) }
        switch answer.wait() {
        case .failure(let problem):
            Console.error("follow: cannot read the wall from \(TerminalText.quoted(leader)): \(problem.description)")
            throw ExitStatus.remoteUnreachable
        case .success(let wall):
            var plan: TilePlan?
            if let shared = wall.layout {
                if let own = window.layout { Console.note("follow: playing the leader's layout, not --layout \(TerminalText.quoted(own))") }
                do { plan = try TilePlan.following(shared, sources: wall.sources) } catch {
                    Console.error("follow: cannot read the wall from \(TerminalText.quoted(leader)): \(error.description)")
                    throw ExitStatus.remoteUnreachable
                }
            }
            // Nothing the leader names is played unless this machine allows it.
            let refused = LeaderTrust.sources(of: plan, leaderSources: wall.sources).compactMap { source in
                LeaderTrust.refusal(of: source, mediaRoot: mediaRoot).map { "follow: the leader names \(TerminalText.quoted(SourceSchemes.redacted(source))): \($0)" }
            }
            if !refused.isEmpty {
                refused.forEach { Console.error($0) }
                throw ExitStatus.usage
            }
            try PlayCommand.play(wall.sources, playback: playback, window: window, role: .follow(host: host, controlPort: port, clockPort: clockPort ?? wall.clockPort, wall: wall, screen: screen, key: key,
                                                                                                       mediaRoot: mediaRoot),
                                 received: plan, screen: screen)
        }
    }

    /// HOST, HOST:PORT or [IPV6]:PORT (`HostAndPort`, as `--http` reads its address); nil when
    /// the port is not a number from 1 to 65535 or the host is empty.
    static func address(of text: String) -> (host: String, port: Int)? {
        HostAndPort.parse(text, alone: .host, defaultPort: WallRole.defaultControlPort)
    }
}

/// The leader's answer, handed from the task that asked to the waiting main thread.
private final class LeaderAnswer: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    private var result: Result<LeaderWall, IPCSocketError>?

    func give(_ result: Result<LeaderWall, IPCSocketError>) {
        self.result = result
        done.signal()
    }

    func wait() -> Result<LeaderWall, IPCSocketError> {
        done.wait()
        return result ?? .failure(IPCSocketError(description: "no answer"))
    }
}

/// `videowall key new PATH`: the key the machines of one wall share (`lead --wall-key-file`,
/// `follow --wall-key-file`).
struct KeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "key",
        abstract: "Make the key the machines of one wall share.",
        subcommands: [NewKey.self])

    struct NewKey: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "new",
            abstract: "Write a new random wall key to PATH, readable by its owner only; an existing file is never replaced.")

        @Argument(help: "Where to write the key.")
        var path: String

        func run() throws {
            do { try WallKey.create(at: path) } catch {
                Console.error(error.description)
                throw ExitStatus.outputLost
            }
        }
    }
}
