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

    @Option(name: .long, help: ArgumentHelp("One fullscreen window per monitor, each showing a screen of the layout's canvas, all from the same tiles (left=0,right=1: screen 'left' on monitor 0). Default: the screens' 'monitor:' in the layout.", valueName: "name=n,..."))
    var screens: String?

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
        if let screens {
            do throws(MonitorAssignment.Problem) { _ = try MonitorAssignment.parse(screens) } catch { throw ValidationError(error.description) }
            if monitor != nil { throw ValidationError("--screens names each screen's monitor: it cannot be used with --monitor") }
            if compare != nil { throw ValidationError("--screens shows a layout's canvas: it cannot be used with --compare") }
        }
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
            for (option, given) in [("--fullscreen", fullscreen), ("--monitor", monitor != nil), ("--screens", screens != nil), ("--screenshot-at", !screenshotAt.isEmpty),
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
                              displayWait: displayWait ?? DisplayDemand.defaultWait(kiosk: kiosk),
                              screensOption: screens.flatMap { try? MonitorAssignment.parse($0) })
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
    /// `--screens` as given (checked against the layout by `resolveMonitors`).
    var screensOption: MonitorAssignment?
    /// The windows to open, one per monitor, each showing a screen of the canvas (`--screens`
    /// or the layout's `monitor:`); nil: one window.
    var monitors: [(screen: CanvasScreen, monitor: Int)]?

    /// Works out `monitors` for `plan`: `--screens` must name screens of its canvas; without
    /// it, the screens the layout gives a monitor. A window that is one screen of a wall across
    /// machines (`--screen`) or a headless run opens no other.
    mutating func resolveMonitors(for plan: TilePlan?, headless: Bool) throws(MonitorAssignment.Problem) {
        guard !headless else { return }
        if screen != nil {
            if screensOption != nil { throw MonitorAssignment.Problem(description: "--screens cannot be used with --screen: this machine shows one screen of the wall") }
            return
        }
        monitors = try MonitorAssignment.resolve(screensOption, canvas: plan?.layout.canvas, layoutName: plan?.layout.name ?? "the layout")
    }

    /// The option that asks for a screen (`DisplayDemand`'s `needsScreen`), as the user wrote it.
    var optionNeedingScreen: String? {
        if kiosk { return "--kiosk" }
        if screensOption != nil { return "--screens" }
        if monitors != nil { return "a layout whose screens name monitors" }
        if fullscreen { return "--fullscreen" }
        return monitor == nil ? nil : "--monitor"
    }
}
