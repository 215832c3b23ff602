import Foundation

/// An X server with several monitors side by side, for tests: Xorg with the `dummy` video
/// driver (which makes RandR outputs DUMMY0, DUMMY1, ... with no hardware), each output given
/// a mode and placed right of the one before with `xrandr`, so GDK sees that many monitors
/// (`gdk_display_get_n_monitors`) as on a desk with several screens. Xvfb cannot do this: its
/// screens under Xinerama all sit at 0,0, and GTK 3 takes monitors from RandR only. The server
/// runs on a display number of its own with a log and configuration in a temporary folder, and
/// is stopped when released. Xorg runs as root here (the suite does).
package final class DummyMonitors: @unchecked Sendable {
    /// `:N`, for DISPLAY.
    package let display: String
    package let count: Int
    package let width: Int
    package let height: Int
    private let folder: String
    private let process: Process

    /// `connected` of the `count` outputs are on at start (the rest: `connect(output:)`).
    package init(count: Int = 2, width: Int = 640, height: Int = 360, connected: Int? = nil) throws {
        for tool in ["/usr/lib/xorg/Xorg", "/usr/bin/xrandr"] where !FileManager.default.isExecutableFile(atPath: tool) {
            throw DummyMonitorsError("\(tool): not installed (scripts/setup.sh installs it)")
        }
        guard FileManager.default.fileExists(atPath: "/usr/lib/xorg/modules/drivers/dummy_drv.so") else {
            throw DummyMonitorsError("Xorg's dummy driver is not installed (scripts/setup.sh installs xserver-xorg-video-dummy)")
        }
        (self.count, self.width, self.height) = (count, width, height)
        var template = Array((NSTemporaryDirectory() + "vw-xorg-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw DummyMonitorsError("cannot make a folder") }
        folder = String(cString: made)
        guard let number = (90..<140).first(where: { !FileManager.default.fileExists(atPath: "/tmp/.X\($0)-lock")
            && !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\($0)") }) else {
            throw DummyMonitorsError("no free display number from :90 to :139")
        }
        display = ":\(number)"
        try Self.configuration(count: count, width: width, height: height).write(toFile: folder + "/xorg.conf", atomically: true, encoding: .utf8)
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/lib/xorg/Xorg")
        // -noreset: the monitors set with xrandr outlive the xrandr client (the server would
        // otherwise reset, and forget them, when its last client leaves).
        process.arguments = [display, "-config", folder + "/xorg.conf", "-logfile", folder + "/xorg.log",
                             "-noreset", "-nolisten", "tcp", "-novtswitch", "-sharevts"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(15)
        while !FileManager.default.fileExists(atPath: "/tmp/.X11-unix/X\(number)") || run(["-q"]) != 0 {
            guard Date() < deadline, process.isRunning else {
                let log = (try? String(contentsOfFile: folder + "/xorg.log", encoding: .utf8)) ?? ""
                throw DummyMonitorsError("Xorg did not start on \(display): \(log.suffix(800))")
            }
            Thread.sleep(forTimeInterval: 0.1)
        }
        for output in 1..<min(count, connected ?? count) { try connect(output: output) }
    }

    /// Turns output `output` on, right of the one before: a monitor plugged in (or a TV
    /// switched on). GDK hears of it as a monitor added.
    package func connect(output: Int) throws {
        let mode = "\(width)x\(height)"
        _ = run(["--addmode", "DUMMY\(output)", mode])  // already there after the first time
        guard run(["--output", "DUMMY\(output)", "--mode", mode, "--right-of", "DUMMY\(output - 1)"]) == 0 else {
            throw DummyMonitorsError("xrandr could not turn on DUMMY\(output) at \(mode)")
        }
        // The driver reports an output connected once it is probed again with a mode on it
        // (`XRRGetScreenResources`, what `xrandr -q` asks); GDK leaves out disconnected ones.
        run(["-q"])
    }

    /// Turns output `output` off: a monitor unplugged. GDK hears of it as a monitor removed.
    package func disconnect(output: Int) {
        run(["--output", "DUMMY\(output)", "--off"])
        run(["-q"])
    }

    /// Runs `xrandr` on this display and waits; its exit status.
    @discardableResult
    package func run(_ arguments: [String]) -> Int32 {
        let xrandr = Process()
        xrandr.executableURL = URL(fileURLWithPath: "/usr/bin/xrandr")
        xrandr.arguments = ["-display", display] + arguments
        xrandr.standardOutput = FileHandle.nullDevice
        xrandr.standardError = FileHandle.nullDevice
        guard (try? xrandr.run()) != nil else { return -1 }
        xrandr.waitUntilExit()
        return xrandr.terminationStatus
    }

    /// One device, one screen as wide as all the monitors, and a monitor section for each
    /// output holding the mode it is given (CVT timings; the dummy driver checks only ranges).
    private static func configuration(count: Int, width: Int, height: Int) -> String {
        let modeline = "Modeline \"\(width)x\(height)\" 18.0 \(width) \(width + 32) \(width + 96) \(width + 192) \(height) \(height + 3) \(height + 8) \(height + 16)"
        var text = """
            Section "ServerFlags"
              Option "AutoAddDevices" "false"
              Option "BlankTime" "0"
            EndSection
            Section "Device"
              Identifier "card"
              Driver "dummy"
              VideoRam 256000

            """
        for output in 0..<count { text += "  Option \"Monitor-DUMMY\(output)\" \"monitor\(output)\"\n" }
        text += "EndSection\n"
        for output in 0..<count {
            text += """
                Section "Monitor"
                  Identifier "monitor\(output)"
                  HorizSync 5.0-1000.0
                  VertRefresh 5.0-200.0
                  \(modeline)
                EndSection

                """
        }
        text += """
            Section "Screen"
              Identifier "screen"
              Device "card"
              Monitor "monitor0"
              DefaultDepth 24
              SubSection "Display"
                Depth 24
                Modes "\(width)x\(height)"
                Virtual \(width * count) \(height)
              EndSubSection
            EndSection

            """
        return text
    }

    deinit {
        process.terminate()
        process.waitUntilExit()
        try? FileManager.default.removeItem(atPath: folder)
    }
}

package struct DummyMonitorsError: Error, CustomStringConvertible {
    package var description: String
    init(_ description: String) { self.description = description }
}
