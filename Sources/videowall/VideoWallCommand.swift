import ArgumentParser

@main
struct VideoWallCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "videowall",
        abstract: "Play up to four videos at once, in sync.",
        discussion: """
        Exit status: 0 every tile played; 1 at least one tile failed while the others played; \
        2 no tile could play; 3 GStreamer or the window could not start; 64 bad command line.
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
