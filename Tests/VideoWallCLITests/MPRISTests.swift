import Foundation
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// MPRIS on a private session bus (a `dbus-daemon` of the test's own): a real wall driven
/// with `gdbus`, as `playerctl` or a desktop panel would drive it.
final class MPRISTests: XCTestCase {
    static let busName = "org.mpris.MediaPlayer2.videowall"
    static let player = "org.mpris.MediaPlayer2.Player"

    private func clips() throws -> [String] {
        try onMainLoop(timeout: 120) {
            [try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 300, keyFrameInterval: 45, audio: true)),
             try await TestClips.clip(ClipSpec(width: 240, height: 240, frameRate: 25, frames: 200, codec: .vp9, container: .webm,
                                               keyFrameInterval: 12))]
        }
    }

    /// Play, pause, seek, rate, volume, refusals and quit, each checked against what the wall then does.
    func testPlayerIsDrivenOverTheSessionBus() throws {
        let media = try clips(), bus = try SessionBusDaemon.start(for: self)
        let run = BackgroundRun(["--headless", "--quit-after", "30", "--report", "-"] + media, environment: bus.environment)
        let wall = MPRISClient(bus: bus, name: Self.busName)
        XCTAssertTrue(wall.waitUntil(timeout: 10) { (try? wall.get("Metadata"))?.contains("mpris:length") == true },
                      "the wall appears on the bus, loaded")

        let introspection = try bus.gdbus(["introspect", "--session", "--dest", Self.busName, "--object-path", "/org/mpris/MediaPlayer2"])
        XCTAssertTrue(introspection.contains("interface org.mpris.MediaPlayer2.Player"), introspection)
        XCTAssertTrue(introspection.contains("Seeked"), introspection)
        XCTAssertEqual(try wall.get("Identity", of: "org.mpris.MediaPlayer2"), "(<'VideoWall'>,)")
        XCTAssertEqual(try wall.get("CanQuit", of: "org.mpris.MediaPlayer2"), "(<true>,)")
        let metadata = try wall.get("Metadata")
        XCTAssertTrue(metadata.contains("'xesam:title': <'2 tiles'>"), metadata)
        let length = try XCTUnwrap(metadata.firstMatch(of: /'mpris:length': <int64 (\d+)>/).flatMap { Double($0.1) }, metadata)
        XCTAssertEqual(length / 1_000_000, 10, accuracy: 0.05, "the longest clip, in microseconds")

        // Playing: the position moves.
        XCTAssertEqual(try wall.get("PlaybackStatus"), "(<'Playing'>,)")
        let first = try wall.position()
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertGreaterThan(try wall.position(), first + 0.3, "the wall plays")

        // Paused: it stays (and listeners are told: PropertiesChanged, then Seeked below).
        let signals = try bus.monitor("type='signal',path='/org/mpris/MediaPlayer2'")
        try wall.call("Pause")
        XCTAssertEqual(try wall.get("PlaybackStatus"), "(<'Paused'>,)")
        let held = try wall.position()
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(try wall.position(), held, "paused")

        // SetPosition with the current track id seeks (answered once there); a stale id is ignored.
        let track = try XCTUnwrap(metadata.firstMatch(of: /'mpris:trackid': <objectpath '([^']+)'>/)?.1, metadata)
        try wall.call("SetPosition", String(track), "2000000")
        XCTAssertEqual(try wall.position(), 2, accuracy: 0.05)
        try wall.call("SetPosition", "/org/videowall/not/this/one", "5000000")
        XCTAssertEqual(try wall.position(), 2, accuracy: 0.05, "a stale track id is ignored")
        try wall.call("Seek", "1500000")
        XCTAssertEqual(try wall.position(), 3.5, accuracy: 0.05, "Seek is relative")
        let told = signals.stop()
        XCTAssertTrue(told.contains("member=PropertiesChanged") && told.contains("string \"Paused\""), "PlaybackStatus change: \(told)")
        XCTAssertEqual(told.components(separatedBy: "member=Seeked").count - 1, 2, "one Seeked per seek that moved: \(told)")
        // The extremes of an int64 offset land on the wall's ends, not past them.
        try wall.call("Seek", "9223372036854775807")
        XCTAssertEqual(try wall.position(), length / 1_000_000, accuracy: 0.1, "at the end")
        try wall.call("Seek", "--", "-9223372036854775808")
        XCTAssertEqual(try wall.position(), 0, accuracy: 0.001, "at the start")

        // Rate and Volume: set and read back; out of range refused with a D-Bus error.
        try wall.set("Rate", "<2.0>")
        XCTAssertEqual(try wall.get("Rate"), "(<2.0>,)")
        for bad in ["<1000.0>", "<-1.0>"] {
            XCTAssertThrowsError(try wall.set("Rate", bad), "Rate \(bad)") { error in
                XCTAssertTrue("\(error)".contains("InvalidArgs"), "\(error)")
            }
        }
        XCTAssertEqual(try wall.get("Rate"), "(<2.0>,)", "a refused rate changes nothing")
        try wall.set("Volume", "<0.5>")
        XCTAssertEqual(try wall.get("Volume"), "(<0.5>,)")
        XCTAssertThrowsError(try wall.set("Volume", "<2.0>"))
        XCTAssertThrowsError(try wall.call("OpenUri", "file:///etc/passwd")) { error in
            XCTAssertTrue("\(error)".contains("NotSupported"), "\(error)")
        }

        // Still a wall: it plays on, at twice the speed.
        try wall.call("Play")
        XCTAssertEqual(try wall.get("PlaybackStatus"), "(<'Playing'>,)")
        let resumed = try wall.position()
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertGreaterThan(try wall.position(), resumed + 0.6, "playing at rate 2")

        // Quit ends the program as q does: status 0 and the report.
        try wall.call("Quit", interface: "org.mpris.MediaPlayer2")
        let result = try run.finish(timeout: 15)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(try result.reportTiles().count, 2)
        XCTAssertEqual(result.errorLines.filter { !$0.hasPrefix("videowall: summary:") }, [], "nothing but the summary")
    }

    /// A second wall on the bus takes `...videowall.instance<pid>`; the first keeps the name.
    func testSecondWallTakesTheInstanceName() throws {
        let media = try clips(), bus = try SessionBusDaemon.start(for: self)
        let first = BackgroundRun(["--headless", "--quit-after", "4", media[0]], environment: bus.environment)
        let firstWall = MPRISClient(bus: bus, name: Self.busName)
        XCTAssertTrue(firstWall.waitUntil(timeout: 10) { (try? firstWall.get("PlaybackStatus")) != nil }, "the first wall has the name")
        let second = BackgroundRun(["--headless", "--quit-after", "3", media[1]], environment: bus.environment)
        let pid = try XCTUnwrap(second.processID())
        let secondWall = MPRISClient(bus: bus, name: "\(Self.busName).instance\(pid)")
        XCTAssertTrue(secondWall.waitUntil(timeout: 10) { (try? secondWall.get("Metadata"))?.contains("mpris:length") == true },
                      "the second wall has its instance name")
        XCTAssertTrue(try secondWall.get("Metadata").contains(URL(fileURLWithPath: media[1]).lastPathComponent), "its own tile")
        XCTAssertTrue(try firstWall.get("Metadata").contains(URL(fileURLWithPath: media[0]).lastPathComponent), "the first kept its name")
        for result in [try first.finish(), try second.finish()] {
            XCTAssertEqual(result.status, 0, result.standardError)
            XCTAssertEqual(result.errorLines.filter { !$0.hasPrefix("videowall: summary:") }, [], "nothing but the summary")
        }
    }

    /// No session bus, a bus that cannot be reached, a bus without a screensaver service:
    /// the wall plays and says nothing about D-Bus. A kiosk window asks for the inhibition.
    func testWithoutBusOrServiceNothingIsPrinted() throws {
        let media = try clips(), bus = try SessionBusDaemon.start(for: self)
        let runs: [(String, [String], [String: String], [String])] = [
            ("no session bus", ["--headless"], [:], ["DBUS_SESSION_BUS_ADDRESS"]),
            ("a bus nobody listens on", ["--headless"], ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/nonexistent/videowall-bus"], []),
            ("headless kiosk without a screensaver service", ["--headless", "--kiosk"], bus.environment, []),
        ]
        // The three at once: each is a second of playing.
        let results = try CommandRunner.atOnce(runs.count, lanes: runs.count) { index in
            let (_, options, environment, unset) = runs[index]
            return try CommandRunner.run(options + ["--quit-after", "1", media[0]], environment: environment, unsetting: unset, timeout: 20)
        }
        for ((what, _, _, _), result) in zip(runs, results) {
            XCTAssertEqual(result.status, 0, "\(what): \(result.standardError)")
            XCTAssertEqual(result.errorLines.filter { !$0.hasPrefix("videowall: summary:") }, [], "\(what): nothing but the summary")
            XCTAssertEqual(result.errorLines.count, 1, "\(what): it played: \(result.standardError)")
        }

        // --no-mpris: the wall stays off the bus.
        let quiet = BackgroundRun(["--headless", "--no-mpris", "--quit-after", "1.5", media[0]], environment: bus.environment)
        Thread.sleep(forTimeInterval: 1)
        let names = try bus.gdbus(["call", "--session", "--dest", "org.freedesktop.DBus", "--object-path", "/org/freedesktop/DBus",
                                   "--method", "org.freedesktop.DBus.ListNames"])
        XCTAssertFalse(names.contains("videowall"), names)
        XCTAssertEqual(try quiet.finish().status, 0)

        // A kiosk window calls Inhibit (seen by a bus monitor); the service's absence is not an error.
        // (NO_AT_BRIDGE: GTK would otherwise have the private bus start an accessibility bus.)
        let display = try VirtualDisplay.ensure()
        let monitor = try bus.monitor("interface='org.freedesktop.ScreenSaver'")
        let result = try CommandRunner.run(["--kiosk", "--no-audio", "--quit-after", "1", media[0]],
                                           environment: bus.environment.merging(["DISPLAY": display, "NO_AT_BRIDGE": "1"]) { $1 }, display: true, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.errorLines, [], "a kiosk window prints nothing")
        let seen = monitor.stop()
        XCTAssertTrue(seen.contains("member=Inhibit") && seen.contains("\"kiosk wall playing\""), seen)
    }

    /// With a screensaver service on the bus, a kiosk window holds it off while it plays and
    /// gives the inhibition back, with the service's cookie, when it stops.
    func testKioskWindowInhibitsTheScreensaverWhileItRuns() throws {
        let media = try clips(), bus = try SessionBusDaemon.start(for: self)
        let screensaver = try FakeScreenSaver(address: bus.address)
        defer { screensaver.stop() }
        let display = try VirtualDisplay.ensure()
        let result = try CommandRunner.run(["--kiosk", "--no-audio", "--quit-after", "1", media[0]],
                                           environment: bus.environment.merging(["DISPLAY": display, "NO_AT_BRIDGE": "1"]) { $1 }, display: true, timeout: 20)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertEqual(result.errorLines, [])
        let deadline = Date().addingTimeInterval(2)
        while screensaver.calls.count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        XCTAssertEqual(screensaver.calls, ["Inhibit videowall: kiosk wall playing", "UnInhibit \(FakeScreenSaver.cookie)"])
    }
}

/// A `dbus-daemon --session` of the test's own, stopped when the test ends.
struct SessionBusDaemon {
    var address: String
    var environment: [String: String] { ["DBUS_SESSION_BUS_ADDRESS": address] }

    static func start(for test: XCTestCase) throws -> SessionBusDaemon {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/dbus-daemon"),
              FileManager.default.isExecutableFile(atPath: "/usr/bin/gdbus") else {
            throw XCTSkip("dbus-daemon or gdbus is not installed (run scripts/setup.sh)")
        }
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-daemon")
        daemon.arguments = ["--session", "--print-address=1", "--nofork"]
        let output = Pipe()
        daemon.standardOutput = output
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        test.addTeardownBlock { daemon.terminate(); daemon.waitUntilExit() }
        var line = Data()
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let character = byte.first, character != UInt8(ascii: "\n") {
            line.append(character)
        }
        let address = String(decoding: line, as: UTF8.self)
        guard address.hasPrefix("unix:") else { throw RunnerError(message: "dbus-daemon gave no address: \(address)") }
        return SessionBusDaemon(address: address)
    }

    /// Runs `gdbus ARGUMENTS` on this bus; its standard output, or an error with its standard error.
    func gdbus(_ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/gdbus")
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let out = output.fileHandleForReading.readDataToEndOfFile(), err = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw RunnerError(message: "gdbus \(arguments.joined(separator: " ")): \(String(decoding: err, as: UTF8.self))")
        }
        return String(decoding: out, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// `dbus-monitor` on this bus with a match rule, until `stop()`.
    func monitor(_ rule: String) throws -> BusMonitor {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-monitor")
        process.arguments = ["--address", address, rule]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let monitor = BusMonitor(process: process, output: output)
        Thread.detachNewThread { monitor.read() }
        Thread.sleep(forTimeInterval: 0.3)  // it is listening once it has said hello to the bus
        return monitor
    }
}

/// What a bus monitor saw.
final class BusMonitor: @unchecked Sendable {
    private let process: Process
    private let output: Pipe
    private let lock = NSLock()
    private var text = Data()
    private let finished = DispatchSemaphore(value: 0)

    init(process: Process, output: Pipe) {
        self.process = process
        self.output = output
    }

    func read() {
        while let data = try? output.fileHandleForReading.read(upToCount: 4096), !data.isEmpty {
            lock.lock(); text.append(data); lock.unlock()
        }
        finished.signal()
    }

    /// Stops the monitor (after a moment for messages on their way) and returns what it printed.
    func stop() -> String {
        Thread.sleep(forTimeInterval: 0.2)
        process.terminate()
        _ = finished.wait(timeout: .now() + 5)
        lock.lock(); defer { lock.unlock() }
        return String(decoding: text, as: UTF8.self)
    }
}

/// One wall's MPRIS object, through `gdbus call`.
struct MPRISClient {
    var bus: SessionBusDaemon
    var name: String

    private var target: [String] { ["call", "--session", "--timeout", "10", "--dest", name, "--object-path", "/org/mpris/MediaPlayer2"] }

    /// A method of the Player (or `interface`), with its arguments in GVariant text.
    @discardableResult
    func call(_ method: String, _ arguments: String..., interface: String = MPRISTests.player) throws -> String {
        try bus.gdbus(target + ["--method", "\(interface).\(method)"] + arguments)
    }

    /// `Properties.Get` as gdbus prints it: `(<value>,)`.
    func get(_ property: String, of interface: String = MPRISTests.player) throws -> String {
        try call("Get", interface, property, interface: "org.freedesktop.DBus.Properties")
    }

    func set(_ property: String, _ value: String) throws {
        try call("Set", MPRISTests.player, property, value, interface: "org.freedesktop.DBus.Properties")
    }

    /// Position, in seconds.
    func position() throws -> Double {
        let text = try get("Position")
        guard let match = text.firstMatch(of: /int64 (-?\d+)/), let microseconds = Double(match.1) else {
            throw RunnerError(message: "Position: \(text)")
        }
        return microseconds / 1_000_000
    }

    /// Polls `condition` every 0.1 s until it holds or `timeout` seconds pass.
    func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return condition()
    }
}
