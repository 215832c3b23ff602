import ArgumentParser
import Foundation
import VideoWallCore

@main
struct VideoWallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "videowall",
        abstract: "Play up to four videos at once, in sync.",
        discussion: """
        Exit status: 0 every tile played; 1 at least one tile failed (or was not ready) while the \
        others played; 2 no tile could play; 3 GStreamer or the window could not start; 4 the \
        report or the screenshot asked for was not written; 5 the window was destroyed from \
        outside; 6 the connection to the display was lost; 7 stopping took longer than 5 s; \
        64 bad command line or layout; 129 SIGHUP; 131 SIGQUIT; 138 SIGUSR1; 140 SIGUSR2 (SIGPIPE is ignored); N a remote client's 'quit N'.
        """,
        version: ProgramVersion.string,
        subcommands: [PlayCommand.self, ProbeCommand.self, DemoCommand.self, BenchCommand.self, IPCClientCommand.self, LeadCommand.self, FollowCommand.self, KeyCommand.self],
        defaultSubcommand: PlayCommand.self
    )

    /// Tunes the allocator before any thread starts, then parses and runs as usual, except
    /// that a refused command line is reported on one line (see `refuse`).
    static func main() {
        AllocatorArenas.limit()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            refuse(error)
        }
    }

    /// ArgumentParser prints a refusal as an "Error:" line, a "Help:" line and the whole usage,
    /// and echoes the offending value as it was given, escape sequences included. Here it is
    /// one escaped line in the program's own style, with the pointer to the help; help itself,
    /// and the exit statuses the commands throw, go through ArgumentParser untouched.
    private static func refuse(_ error: any Error) -> Never {
        let code = exitCode(for: error)
        if code == .success || error is ExitCode { exit(withError: error) }
        var text = message(for: error).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("Help:") && !$0.hasPrefix("Usage:") }
            .joined(separator: " ")
        if text.hasPrefix("Error: ") { text.removeFirst("Error: ".count) }
        let help = fullMessage(for: error).firstMatch(of: /See '([^']+)'/).map { " (see '\($0.1)')" } ?? ""
        Console.error(TerminalText.shortened(text, limit: 2 * TerminalText.nameLimit) + help)
        exit(withError: ExitCode(code.rawValue))
    }
}
