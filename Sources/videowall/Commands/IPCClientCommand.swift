import ArgumentParser
import Foundation
import VideoWallCore
import VideoWallRemote

/// `videowall ipc PATH COMMAND [ARGS...]`: one command to a running wall's
/// `--input-ipc-server` socket, for scripts; prints the reply's data.
struct IPCClientCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ipc",
        abstract: "Send one command to a running wall's --input-ipc-server socket and print the answer.",
        discussion: """
        Arguments are mpv's: 'get_property time-pos', 'set_property pause true', 'seek 10 absolute+exact', \
        'cycle mute', 'quit'. Words that read as numbers or true/false are sent as such. Exit status: 0 the \
        wall did it; 1 the wall answered with an error (printed); 3 no wall answered.
        """)

    @Argument(help: "The socket path given to --input-ipc-server.")
    var socket: String

    @Argument(parsing: .captureForPassthrough, help: "The command and its arguments.")
    var command: [String] = []

    func validate() throws {
        if command.isEmpty { throw ValidationError("give a command, for example: get_property time-pos") }
    }

    func run() throws {
        let reply: IPCClient.Reply
        do { reply = try IPCClient.request(command.map(IPCClient.argument), at: socket) } catch {
            Console.error(error.description)
            throw ExitStatus.remoteUnreachable
        }
        guard reply.succeeded else {
            Console.error("\(TerminalText.shortened(command.joined(separator: " "))): \(reply.error)")
            throw ExitStatus.remoteRefused
        }
        guard let data = reply.data else { return }
        let text = data.stringValue ?? data.jsonText
        try? FileHandle.standardOutput.write(contentsOf: Data((text + "\n").utf8))
    }
}
