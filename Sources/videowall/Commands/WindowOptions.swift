import ArgumentParser
import Foundation

/// Options of the window (ignored with --headless).
struct WindowOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("A layout name from layouts/ (grid-2x2, side-by-side, ...) or a YAML file. Default: by the number of sources.", valueName: "name|path"))
    var layout: String?

    @Flag(name: .long, help: "Start fullscreen.")
    var fullscreen = false

    @Flag(name: .long, help: "Signage mode: fullscreen, no controls, no cursor, no file names, screensaver held off, looping.")
    var kiosk = false

    @Option(name: .long, help: ArgumentHelp("Put the window on this monitor (from 0).", valueName: "n"))
    var monitor: Int?

    @Option(name: .long, parsing: .upToNextOption,
            help: ArgumentHelp("Save a PNG of the window when playback reaches SECONDS.", valueName: "seconds path"))
    var screenshotAt: [String] = []

    func validate() throws {
        if let monitor, monitor < 0 { throw ValidationError("--monitor must be 0 or more") }
    }

    /// Checks `--screenshot-at` once the command has taken back any media words it swallowed.
    func validateScreenshot() throws {
        if !screenshotAt.isEmpty {
            guard screenshotAt.count == 2, let seconds = Double(screenshotAt[0]), seconds >= 0 else {
                throw ValidationError("--screenshot-at takes SECONDS and a PATH, e.g. --screenshot-at 2.5 wall.png")
            }
        }
    }

    var settings: WindowSettings {
        var screenshot: (Double, String)?
        if screenshotAt.count == 2, let seconds = Double(screenshotAt[0]) { screenshot = (seconds, screenshotAt[1]) }
        return WindowSettings(layout: layout, fullscreen: fullscreen, kiosk: kiosk, monitor: monitor, screenshot: screenshot)
    }
}

/// The window options as a plain value.
struct WindowSettings {
    var layout: String?
    var fullscreen = false
    var kiosk = false
    var monitor: Int?
    var screenshot: (seconds: Double, path: String)?
}

/// Where layout names are looked up: $VIDEOWALL_LAYOUTS, ./layouts, the repository's
/// layouts/ next to the built binary, then the system share folder.
enum LayoutDirectories {
    static var all: [String] {
        var directories: [String] = []
        if let custom = ProcessInfo.processInfo.environment["VIDEOWALL_LAYOUTS"] { directories.append(custom) }
        directories.append(FileManager.default.currentDirectoryPath + "/layouts")
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(folder.appendingPathComponent("layouts").path)
            folder = folder.deletingLastPathComponent()
        }
        directories.append("/usr/local/share/videowall/layouts")
        directories.append("/usr/share/videowall/layouts")
        return directories
    }
}
