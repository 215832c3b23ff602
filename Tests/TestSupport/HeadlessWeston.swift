import Foundation

/// A Wayland compositor for tests: weston's headless backend drawing with its CPU renderer
/// (pixman), so what it shows can be captured, with its desktop shell (which honours a
/// window's fullscreen request; its kiosk shell showed nothing at all on this backend, which
/// has no input seat), on a runtime folder of its own (mode 0700). Its screenshots come from
/// the compositor itself (`weston-screenshooter`, allowed by `--debug`), not from the program
/// under test. Stopped when released.
package final class HeadlessWeston: @unchecked Sendable {
    package let runtimeDirectory: String
    package let socket = "vw-wayland-0"
    package let width: Int
    package let height: Int
    private let process: Process

    package init(width: Int = 1280, height: Int = 720) throws {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/weston") else {
            throw HeadlessWestonError("/usr/bin/weston: not installed (scripts/setup.sh installs it)")
        }
        var template = Array((NSTemporaryDirectory() + "vw-weston-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw HeadlessWestonError("cannot make a runtime folder") }
        runtimeDirectory = String(cString: made)
        (self.width, self.height) = (width, height)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/weston")
        process.arguments = ["--backend=headless-backend.so", "--use-pixman", "--width=\(width)", "--height=\(height)",
                             "--socket=\(socket)", "--no-config", "--debug", "--idle-time=0",
                             "--log=\(runtimeDirectory)/weston.log"]
        var environment = ProcessInfo.processInfo.environment
        environment["XDG_RUNTIME_DIR"] = runtimeDirectory
        environment["WAYLAND_DISPLAY"] = nil
        environment["DISPLAY"] = nil
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while !FileManager.default.fileExists(atPath: runtimeDirectory + "/" + socket) {
            guard Date() < deadline, process.isRunning else {
                let log = (try? String(contentsOfFile: runtimeDirectory + "/weston.log", encoding: .utf8)) ?? ""
                throw HeadlessWestonError("weston did not open its socket: \(log.suffix(600))")
            }
            Thread.sleep(forTimeInterval: 0.05)
        }
    }

    /// What a client needs to reach this compositor (and GTK to choose it over X11).
    package var environment: [String: String] {
        ["WAYLAND_DISPLAY": socket, "XDG_RUNTIME_DIR": runtimeDirectory, "GDK_BACKEND": "wayland"]
    }

    /// The compositor's whole output as a PNG, taken by `weston-screenshooter` (which writes
    /// `wayland-screenshot-*.png` into its working folder). Blocks: a test thread.
    package func screenshot() throws -> String {
        let folder = runtimeDirectory + "/shot-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
        let shooter = Process()
        shooter.executableURL = URL(fileURLWithPath: "/usr/bin/weston-screenshooter")
        shooter.currentDirectoryURL = URL(fileURLWithPath: folder)
        var environment = ProcessInfo.processInfo.environment
        environment.merge(self.environment) { $1 }
        environment["DISPLAY"] = nil
        shooter.environment = environment
        let output = Pipe()
        shooter.standardOutput = output
        shooter.standardError = output
        try shooter.run()
        shooter.waitUntilExit()
        let said = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        guard let name = try FileManager.default.contentsOfDirectory(atPath: folder).first(where: { $0.hasSuffix(".png") }) else {
            throw HeadlessWestonError("weston-screenshooter wrote no picture (status \(shooter.terminationStatus)): \(said.suffix(400))")
        }
        return folder + "/" + name
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: runtimeDirectory)
    }
}

package struct HeadlessWestonError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
