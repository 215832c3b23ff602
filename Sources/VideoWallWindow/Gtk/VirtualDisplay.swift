import Foundation

/// A display for the window where there is none: starts Xvfb (from the set-up's packages) and
/// points DISPLAY at it; it is stopped when the process exits. The window tests and the
/// benchmark's on-screen measurements use it on headless machines such as CI.
public enum VirtualDisplay {
    nonisolated(unsafe) private static var server: Process?
    private static let lock = NSLock()

    /// Returns the display name in use, starting Xvfb first if DISPLAY is unset.
    public static func ensure() throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty { return display }
        let started = try start(width: 1280, height: 800)
        server = started.process
        atexit { VirtualDisplay.server?.terminate() }
        setenv("DISPLAY", started.display, 1)
        return started.display
    }

    /// Starts an Xvfb of its own with one screen of `width` x `height` and no window manager,
    /// whatever DISPLAY says (a measurement that needs a known screen); the caller stops it.
    public static func start(width: Int, height: Int) throws -> (display: String, process: Process) {
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw VirtualDisplayError(message: "/usr/bin/Xvfb: not installed (run scripts/setup.sh)")
        }
        // -displayfd 1: Xvfb picks a free display number and writes it to standard output.
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "\(width)x\(height)x24", "-nolisten", "tcp"]
        let output = Pipe()
        xvfb.standardOutput = output
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        var number = ""
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let character = byte.first {
            if character == UInt8(ascii: "\n") { break }
            number.append(Character(UnicodeScalar(character)))
        }
        guard !number.isEmpty else {
            xvfb.terminate()
            throw VirtualDisplayError(message: "Xvfb did not report a display number")
        }
        return (":" + number, xvfb)
    }
}

public struct VirtualDisplayError: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
