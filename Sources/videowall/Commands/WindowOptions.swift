import ArgumentParser
import Foundation
import VideoWallCore
import VideoWallPresentation

/// Options of the window. With --headless only --layout and --kiosk's looping apply; the rest
/// is refused, since it would be silently ignored.
struct WindowOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A layout name (grid-2x2, side-by-side, ...) or a YAML file. Default: by the number of sources. Checked with --headless too.", valueName: "name|path"))
    var layout: String?

    @Flag(name: .long, help: "Start fullscreen.")
    var fullscreen = false

    @Flag(name: .long, help: "Signage mode: fullscreen, no controls, no cursor, no file names, screensaver held off, looping (with --headless: looping).")
    var kiosk = false

    @Option(name: .long, help: ArgumentHelp("Put the window on this monitor (0 to 63).", valueName: "n"))
    var monitor: Int?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Save a PNG of the window when playback reaches SECONDS (0 to 2592000, before --quit-after). Once per run; not with --headless.", valueName: "seconds path"))
    var screenshotAt: [String] = []

    @Option(name: .long, help: ArgumentHelp("Show two sources in one picture: a wipe (drag the divider), a flip (Tab shows the other) or their difference (g: gain, Y: luma only); c cycles the views.", valueName: "wipe|flip|diff"))
    var compare: String?

    @Option(name: .long, help: ArgumentHelp("Where 's' saves its screenshots (a new folder videowall-shot-NNNN each time). Default: the current folder.", valueName: "dir"))
    var screenshotDirectory: String?

    @Option(name: .long, help: ArgumentHelp("While the display named by DISPLAY or WAYLAND_DISPLAY cannot be opened, try again for this long, then exit with status 3 (0 to 3600; default 30 with --kiosk, else 0). Not with --headless.", valueName: "seconds"))
    var displayWait: Double?

    static let monitors = 0...63

    /// `--screenshot-at SECONDS PATH` takes two values, but the parser gives it every word up
    /// to the next option: what follows the two is the command's own arguments, handed back.
    mutating func takeWordsPastScreenshot() -> [String] {
        guard screenshotAt.count > 2 else { return [] }
        defer { screenshotAt = Array(screenshotAt.prefix(2)) }
        return Array(screenshotAt.dropFirst(2))
    }

    func validate() throws {
        if let monitor { try NumberChecks.whole(monitor, option: "--monitor", in: Self.monitors) }
        if let displayWait {
            try NumberChecks.seconds(displayWait, option: "--display-wait", allowsZero: true,
                                     minimum: DisplayDemand.waitLimits.lowerBound, maximum: DisplayDemand.waitLimits.upperBound)
        }
        if let compare, CompareMode(rawValue: compare) == nil {
            throw ValidationError("--compare takes wipe, flip or diff, got \(TerminalText.quoted(compare))")
        }
    }

    /// `--compare` shows exactly two sources in a layout of its own.
    func validateCompare(mediaCount: Int) throws {
        guard compare != nil else { return }
        if layout != nil { throw ValidationError("--compare has a layout of its own: it cannot be used with --layout") }
        if mediaCount != 2 { throw ValidationError("--compare shows two sources in one picture, got \(mediaCount)") }
    }

    /// Checks what needs the rest of the command line: whether the run is headless, when it
    /// stops, and (for `--screenshot-at`) that the command has taken back any media words the
    /// option swallowed. A screenshot the run could never take is refused here, before playing.
    func validate(headless: Bool, quitAfter: Double?) throws {
        try validate()
        if let screenshotDirectory { try OutputPaths.checkFolder(screenshotDirectory, option: "--screenshot-directory") }
        if headless {
            for (option, given) in [("--fullscreen", fullscreen), ("--monitor", monitor != nil), ("--screenshot-at", !screenshotAt.isEmpty),
                                    ("--compare", compare != nil),
                                    ("--screenshot-directory", screenshotDirectory != nil),
                                    ("--display-wait", displayWait != nil)]
            where given {
                throw ValidationError("\(option) needs a window: it cannot be used with --headless")
            }
        }
        guard !screenshotAt.isEmpty else { return }
        let (seconds, path) = try TimedOutputOption.check("--screenshot-at", words: screenshotAt, quitAfter: quitAfter,
                                                          example: "a PATH, e.g. --screenshot-at 2.5 wall.png")
        try OutputPaths.check(path, option: "--screenshot-at \(NumberChecks.text(seconds))", regularFileOnly: true)
    }

    /// How many times `option` was written (alone or as `option=value`) before a `--`.
    static func occurrences(of option: String, in arguments: [String]) -> Int {
        arguments.dropFirst().prefix { $0 != "--" }.filter { $0 == option || $0.hasPrefix(option + "=") }.count
    }

    var settings: WindowSettings {
        var screenshot: (Double, String)?
        if screenshotAt.count == 2, let seconds = Double(screenshotAt[0]) { screenshot = (seconds, screenshotAt[1]) }
        return WindowSettings(layout: layout, fullscreen: fullscreen, kiosk: kiosk, monitor: monitor, screenshot: screenshot,
                              screenshotDirectory: screenshotDirectory ?? FileManager.default.currentDirectoryPath,
                              compare: compare.flatMap(CompareMode.init(rawValue:)),
                              displayWait: displayWait ?? DisplayDemand.defaultWait(kiosk: kiosk))
    }
}

/// The window options as a plain value.
struct WindowSettings {
    var layout: String?
    var fullscreen = false
    var kiosk = false
    var monitor: Int?
    var screenshot: (seconds: Double, path: String)?
    /// Where `s` saves (`--screenshot-directory`, mpv's name).
    var screenshotDirectory = "."
    /// Tiles 1 and 2 in one picture (`--compare`).
    var compare: CompareMode?
    /// The screen of the layout's canvas this window is (`lead`/`follow --screen`): it shows
    /// the part of the canvas under that screen.
    var screen: String?
    /// How long a display that cannot be opened is waited for (`--display-wait`, resolved).
    var displayWait: Double = 0

    /// The option that asks for a screen (`DisplayDemand`'s `needsScreen`), as the user wrote it.
    var optionNeedingScreen: String? {
        if kiosk { return "--kiosk" }
        if fullscreen { return "--fullscreen" }
        return monitor == nil ? nil : "--monitor"
    }
}
