import ArgumentParser

@main
struct VideoWallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "videowall",
        abstract: "Play up to four videos at once, in sync.",
        discussion: """
        Exit status: 0 every tile played; 1 at least one tile failed (or was not ready) while the \
        others played; 2 no tile could play; 3 GStreamer or the window could not start; 4 the \
        window was destroyed from outside; 5 the connection to the display was lost; 6 stopping \
        took longer than 5 s; 64 bad command line; 129 SIGHUP; 131 SIGQUIT.
        """,
        subcommands: [PlayCommand.self, ProbeCommand.self, DemoCommand.self, BenchCommand.self],
        defaultSubcommand: PlayCommand.self
    )

    /// Tunes the allocator before any thread starts, then parses and runs as usual.
    static func main() {
        AllocatorArenas.limit()
        main(nil)
    }
}
