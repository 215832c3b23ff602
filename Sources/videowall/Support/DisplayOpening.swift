import ArgumentParser
import Foundation
import GLibMainLoop
import GStreamerKit
import VideoWallCore
import VideoWallPresentation
import VideoWallWindow

/// Opens the display for the window, as `DisplayDemand` decides: a window, or headless, or a
/// run that ends with status 3. While a named display cannot be opened it tries again every
/// quarter of a second for `--display-wait` seconds (`gtk_init_check` may be called again
/// after it failed: GTK is initialised once, the display opened anew each time), serving the
/// GLib context between tries so a stop signal ends the wait at once.
@MainActor
enum DisplayOpening {
    static let retryInterval = 0.25

    /// True when GTK has its display; false to play headless (`headlessNote` said when the
    /// user did not ask for it). Throws the exit status of a run that cannot have its window.
    static func open(headless: Bool, window: WindowSettings, signals: StopSignals, systemd: SystemdNotifier?,
                     headlessNote: String) throws -> Bool {
        let environment = ProcessInfo.processInfo.environment
        let demand = DisplayDemand.decide(headless: headless, needsScreen: window.optionNeedingScreen != nil,
                                          displayNamed: DisplayDemand.displayNamed(in: environment), waitSeconds: window.displayWait)
        switch demand {
        case .headless(let noted):
            if noted {
                if window.screenshot != nil {
                    Console.error("--screenshot-at needs a window, and there is no display")
                    throw ExitStatus.startupFailed
                }
                Console.note(headlessNote)
            }
            return false
        case .noDisplayNamed:
            Console.error("\(window.optionNeedingScreen ?? "the window") needs a display, and neither DISPLAY nor WAYLAND_DISPLAY is set")
            throw ExitStatus.startupFailed
        case .window(let wait):
            if GtkRuntime.start() { return true }
            // Read again for the last line: the server may have come and refused us meanwhile.
            let reasons = { DisplayDiagnosis.reasons(environment: environment, exists: FileManager.default.fileExists(atPath:)).joined(separator: "; ") }
            if wait > 0 {
                let waiting = "waiting up to \(NumberChecks.text(wait)) s for the display (\(reasons()))"
                Console.note(waiting)
                systemd?.send("STATUS=\(waiting)")
                let started = Date()
                while wait - Date().timeIntervalSince(started) > 0 {
                    let left = wait - Date().timeIntervalSince(started)
                    if MainLoop.serve(seconds: min(retryInterval, left), stop: { !signals.received.isEmpty }) {
                        let signal = signals.received[0]
                        Console.note("stopping: \(signal), while waiting for the display")
                        throw ExitStatus.forStop(.signal(signal), failedTiles: 0, totalTiles: 0, outputsLost: false)
                    }
                    if GtkRuntime.start() {
                        Console.note("the display opened after \(String(format: "%.1f", Date().timeIntervalSince(started))) s")
                        return true
                    }
                }
            }
            Console.error("cannot open the display: \(reasons())" + (wait > 0 ? " (waited \(NumberChecks.text(wait)) s)" : ""))
            throw ExitStatus.startupFailed
        }
    }
}
