import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// A layout's `power:` schedule applied to a running wall: read on the machine's local time
/// every second (`ScreenPowerSwitch`), it switches the monitors off (the window's DPMS, and
/// HDMI-CEC standby through `cec-ctl` where there is one) and stands the wall by (paused, every
/// pipeline stopped, decoders let go), then at the window's end switches them on and wakes the
/// wall where it stood, in sync. Each switch is said on standard error; a way of switching that
/// cannot work here is said once, and the wall stands by all the same.
@MainActor
final class ScreenPowerControl {
    /// Switches this machine's monitors; nil when they switched, else why not (the window's
    /// `DisplayPower`; nil for a headless wall, which has none).
    typealias MonitorSwitch = @MainActor (_ on: Bool) -> String?

    private var powerSwitch: ScreenPowerSwitch
    private let wall: Wall
    private let monitors: MonitorSwitch?
    private let now: () -> LocalMoment
    /// False on a follower of a wall across machines: its leader pauses and plays it, so
    /// only its monitors are switched.
    private let standsWallBy: Bool
    private var timer: (any MainLoopSource)?
    /// The switch being applied; the next waits for it, so a stand-by and a wake never overlap.
    private var applying: Task<Void, Never>?
    private var saidProblems: Set<String> = []

    /// Starts applying `schedule` (nothing to do without one) until `stop`.
    static func start(_ schedule: PowerSchedule?, wall: Wall, monitors: MonitorSwitch?, standsWallBy: Bool = true, stop: SessionStop,
                      now: @escaping () -> LocalMoment = LocalMoment.now) -> ScreenPowerControl? {
        guard let schedule else { return nil }
        let control = ScreenPowerControl(schedule: schedule, wall: wall, monitors: monitors, standsWallBy: standsWallBy, now: now)
        control.tick()
        control.timer = MainLoop.every(seconds: 1) { [weak control] in
            control?.tick()
            return control != nil
        }
        stop.whenStopping { [weak control] in
            control?.timer?.cancel()
            // Monitors left off by a wall that stops would stay dark for the next program.
            if control?.powerSwitch.screensOn == false { _ = monitors?(true); CECPower.switchMonitors(on: true) { _ in } }
        }
        return control
    }

    private init(schedule: PowerSchedule, wall: Wall, monitors: MonitorSwitch?, standsWallBy: Bool, now: @escaping () -> LocalMoment) {
        powerSwitch = ScreenPowerSwitch(schedule: schedule)
        self.standsWallBy = standsWallBy
        self.wall = wall
        self.monitors = monitors
        self.now = now
    }

    isolated deinit { timer?.cancel() }

    private func tick() {
        let moment = now()
        guard let effect = powerSwitch.tick(at: moment) else { return }
        let next = powerSwitch.schedule.nextChange(after: moment)
        let previous = applying
        let wall: Wall? = standsWallBy ? self.wall : nil
        switch effect {
        case .screensOff:
            Console.note("power: the layout's schedule turns the screens off" + (wall != nil ? " and the wall stands by" : "") + (next.map { " (on again at \($0))" } ?? ""))
            applying = Task { @MainActor [weak self] in
                await previous?.value
                await wall?.standBy()
                self?.switchMonitors(on: false)
            }
        case .screensOn:
            Console.note("power: the layout's schedule turns the screens on" + (wall != nil ? " and the wall plays on" : "") + (next.map { " (off again at \($0))" } ?? ""))
            applying = Task { @MainActor [weak self] in
                await previous?.value
                self?.switchMonitors(on: true)
                await wall?.wake()
            }
        }
    }

    private func switchMonitors(on: Bool) {
        if let problem = monitors?(on) { sayOnce("power: \(problem)") }
        CECPower.switchMonitors(on: on) { [weak self] problem in
            if let problem { self?.sayOnce("power: HDMI-CEC: \(problem)") }
        }
    }

    private func sayOnce(_ problem: String) {
        guard saidProblems.insert(problem).inserted else { return }
        Console.warning(problem)
    }
}

/// HDMI-CEC through `cec-ctl` (Debian's `v4l-utils`) when it and a CEC device are present:
/// `--standby` and `--image-view-on` to the TV (logical address 0). Run on a thread of its own
/// with a deadline, never on the main one.
enum CECPower {
    static let tool = "/usr/bin/cec-ctl"
    static let device = "/dev/cec0"

    /// Tells the TV to go to standby or come on; `done` gets nil, or why not, on the main
    /// actor. Nothing happens (and nothing is said) where there is no `cec-ctl` or no device.
    static func switchMonitors(on: Bool, done: @escaping @MainActor (String?) -> Void) {
        guard FileManager.default.isExecutableFile(atPath: tool), FileManager.default.fileExists(atPath: device) else { return }
        Thread.detachNewThread {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: tool)
            process.arguments = ["-d", device, "--to", "0", on ? "--image-view-on" : "--standby"]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            var problem: String?
            do {
                try process.run()
                let deadline = Date().addingTimeInterval(5)
                while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
                if process.isRunning {
                    process.terminate()
                    problem = "cec-ctl did not answer within 5 s"
                } else if process.terminationStatus != 0 {
                    problem = "cec-ctl failed (status \(process.terminationStatus))"
                }
            } catch {
                problem = "cec-ctl could not start: \(error.localizedDescription)"
            }
            let said = problem
            DispatchQueue.main.async { MainActor.assumeIsolated { done(said) } }
        }
    }
}
