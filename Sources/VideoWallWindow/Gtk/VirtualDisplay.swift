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
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else {
            throw VirtualDisplayError(message: "/usr/bin/Xvfb: not installed (run scripts/setup.sh)")
        }
        // -displayfd 1: Xvfb picks a free display number and writes it to standard output.
        xvfb.arguments = ["-displayfd", "1", "-screen", "0", "1280x800x24", "-nolisten", "tcp"]
        let output = Pipe()
        xvfb.standardOutput = output
        xvfb.standardError = FileHandle.nullDevice
        try xvfb.run()
        server = xvfb
        atexit { VirtualDisplay.server?.terminate() }
        var number = ""
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let character = byte.first {
            if character == UInt8(ascii: "\n") { break }
            number.append(Character(UnicodeScalar(character)))
        }
        guard !number.isEmpty else { throw VirtualDisplayError(message: "Xvfb did not report a display number") }
        let display = ":" + number
        setenv("DISPLAY", display, 1)
        return display
    }
}

public struct VirtualDisplayError: Error, CustomStringConvertible {
    public var message: String
    public init(message: String) { self.message = message }
    public var description: String { message }
}
