import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The window or the display going away from outside ends the program cleanly: a message,
/// the report, and the status the README gives. Each test runs its own Xvfb, which one of
/// them kills.
final class LostWindowTests: XCTestCase {
    private func clip() throws -> String {
        try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frameRate: 30, frames: 300)) }
    }

    /// Runs the wall in a window on a private X server; once the window is mapped, `act` is
    /// called with the server, the display and the window's id.
    /// `act` returns what it did, for the failure messages: a test that fails because the
    /// outside client never acted must say so, not blame the program.
    private func runWindowed(_ act: @escaping @Sendable (PrivateXServer, String) -> String) throws -> (CommandRunner.Result, Double) {
        let clip = try clip()
        let server = try PrivateXServer()
        defer { server.stop() }
        let log = Collected()
        let acted = DispatchSemaphore(value: 0)
        let started = Date()
        // A thread of its own: a global-queue worker may wait behind others that block (two
        // are as many as the cores), and the window would then be left alone until the end.
        Thread {
            defer { acted.signal() }
            guard let window = server.waitForWindow(named: "VideoWall", timeout: 15) else {
                log.data = Data("no window named VideoWall appeared on \(server.display) within 15 s".utf8)
                return
            }
            let found = Date().timeIntervalSince(started)
            Thread.sleep(forTimeInterval: 0.5)  // a moment of playing
            let did = act(server, window)
            log.data = Data(String(format: "window %@ found %.2f s after the start; %@ at %.2f s", window, found, did,
                                   Date().timeIntervalSince(started)).utf8)
        }.start()
        // --quit-after only so that a program that does not notice ends anyway.
        var result = try CommandRunner.run(["--quit-after", "12", "--report", "-", clip],
                                           environment: ["DISPLAY": server.display], display: true, timeout: 30)
        let elapsed = Date().timeIntervalSince(started)
        _ = acted.wait(timeout: .now() + 5)
        result.standardError += "\n[outside client: \(String(decoding: log.data, as: UTF8.self))]"
        return (result, elapsed)
    }

    /// Another X client destroys the window (XDestroyWindow): the program notices and stops.
    func testWindowDestroyedFromOutsideStopsWithTheReport() throws {
        let (result, elapsed) = try runWindowed { server, window in server.destroyWindow(window) }
        XCTAssertEqual(result.status, 5, result.standardError)
        XCTAssertLessThan(elapsed, 10, "it stopped when the window went, not at --quit-after")
        XCTAssertTrue(result.standardError.contains("videowall: error: the window was destroyed from outside"), result.standardError)
        XCTAssertGreaterThan(try result.reportTiles().first?["framesRendered"] as? Int ?? 0, 5, result.standardOutput)
    }

    /// `xkill -id` closes the program's connection to the X server (as the server dying
    /// does): GDK would `_exit(1)` with no word; the program writes its report first.
    func testConnectionClosedByXKillStopsWithTheReport() throws {
        let (result, elapsed) = try runWindowed { server, window in server.xkill(window) }
        XCTAssertEqual(result.status, 6, result.standardError)
        XCTAssertLessThan(elapsed, 10)
        XCTAssertTrue(result.standardError.contains("videowall: error: lost the connection to the display"), result.standardError)
        XCTAssertGreaterThan(try result.reportTiles().first?["framesRendered"] as? Int ?? 0, 5, result.standardOutput)
    }

    /// The X server itself goes away.
    func testXServerDyingStopsWithTheReport() throws {
        let (result, elapsed) = try runWindowed { server, _ in server.stop(); return "stopped the X server" }
        XCTAssertEqual(result.status, 6, result.standardError)
        XCTAssertLessThan(elapsed, 10)
        XCTAssertTrue(result.standardError.contains("videowall: error: lost the connection to the display"), result.standardError)
        XCTAssertGreaterThan(try result.reportTiles().first?["framesRendered"] as? Int ?? 0, 5, result.standardOutput)
    }
}

/// An Xvfb of the test's own (`-displayfd` picks a free display), with what the tests do to
/// its windows: `xwininfo`, `xkill` (x11-utils) and a tiny Xlib client (python3 ctypes) that
/// calls XDestroyWindow.
final class PrivateXServer: @unchecked Sendable {
    let display: String
    private let process = Process()

    init() throws {
        process.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        process.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { throw XCTSkip("Xvfb is not installed") }
        try process.run()
        var number = ""
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let character = byte.first, character != UInt8(ascii: "\n") {
            number.append(Character(UnicodeScalar(character)))
        }
        guard !number.isEmpty else { throw XCTSkip("Xvfb did not report a display number") }
        display = ":" + number
    }

    func stop() {
        guard process.isRunning else { return }
        process.terminate()
        process.waitUntilExit()
    }

    /// The id of the top-level window with that title, once it exists (`xwininfo -name`).
    func waitForWindow(named name: String, timeout: Double) -> String? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let info = run("/usr/bin/xwininfo", ["-name", name]).output
            if let line = info.split(separator: "\n").first(where: { $0.contains("Window id:") }),
               let id = line.split(separator: " ").first(where: { $0.hasPrefix("0x") }) {
                return String(id)
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        return nil
    }

    /// Whether a window with that id exists (`xwininfo -id`).
    func windowExists(_ window: String) -> Bool {
        run("/usr/bin/xwininfo", ["-id", window]).status == 0
    }

    /// `xkill -id`; returns what happened, for failure messages.
    func xkill(_ window: String) -> String {
        let outcome = run("/usr/bin/xkill", ["-id", window])
        return "xkill exited \(outcome.status)\(outcome.error.isEmpty ? "" : ": " + outcome.error.prefix(200))"
    }

    /// XDestroyWindow from a client of its own; tried again (at most three times) while the
    /// window is still there, and returns what happened, for failure messages.
    func destroyWindow(_ window: String) -> String {
        let script = """
        import ctypes, sys
        x = ctypes.cdll.LoadLibrary("libX11.so.6")
        x.XOpenDisplay.restype = ctypes.c_void_p
        x.XOpenDisplay.argtypes = [ctypes.c_char_p]
        x.XDestroyWindow.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        x.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        x.XCloseDisplay.argtypes = [ctypes.c_void_p]
        d = x.XOpenDisplay(None)
        x.XDestroyWindow(d, int(sys.argv[1], 0))
        x.XSync(d, 0)
        x.XCloseDisplay(d)
        """
        var attempts: [String] = []
        for _ in 1...3 {
            // Debian's python3 (scripts/setup.sh installs it), not whichever is first on PATH.
            let outcome = run("/usr/bin/python3", ["-c", script, window])
            attempts.append("XDestroyWindow script exited \(outcome.status)\(outcome.error.isEmpty ? "" : ": " + outcome.error.prefix(200))")
            if !windowExists(window) { return attempts.joined(separator: "; ") + "; the window is gone" }
            Thread.sleep(forTimeInterval: 0.2)
        }
        return attempts.joined(separator: "; ") + "; the window is still there"
    }

    @discardableResult
    private func run(_ tool: String, _ arguments: [String]) -> (status: Int32, output: String, error: String) {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: tool)
        child.arguments = arguments
        var environment = ProcessInfo.processInfo.environment
        environment["DISPLAY"] = display
        child.environment = environment
        // Output to files, not pipes: nothing here can wait on a reader.
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xclient-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: scratch.path + ".out", contents: nil)
        FileManager.default.createFile(atPath: scratch.path + ".err", contents: nil)
        defer {
            try? FileManager.default.removeItem(atPath: scratch.path + ".out")
            try? FileManager.default.removeItem(atPath: scratch.path + ".err")
        }
        guard let out = FileHandle(forWritingAtPath: scratch.path + ".out"),
              let err = FileHandle(forWritingAtPath: scratch.path + ".err") else { return (-1, "", "no scratch file") }
        child.standardOutput = out
        child.standardError = err
        do { try child.run() } catch { return (-1, "", "\(tool) did not start: \(error)") }
        child.waitUntilExit()
        try? out.close()
        try? err.close()
        let read = { (path: String) in String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self) }
        return (child.terminationStatus, read(scratch.path + ".out"), read(scratch.path + ".err"))
    }
}
