import Foundation

/// The window tests need an X display. When there is none (CI, a headless machine) the suite
/// starts its own Xvfb and points DISPLAY at it; it is stopped when the test process exits.
public enum VirtualDisplay {
    nonisolated(unsafe) private static var server: Process?
    private static let lock = NSLock()

    /// Returns the display name in use, starting Xvfb first if DISPLAY is unset.
    public static func ensure() throws -> String {
        lock.lock(); defer { lock.unlock() }
        if let display = ProcessInfo.processInfo.environment["DISPLAY"], !display.isEmpty { return display }
        let xvfb = Process()
        xvfb.executableURL = URL(fileURLWithPath: "/usr/bin/Xvfb")
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
