import Foundation
import GIOKit
import XCTest

/// The folder monitor runs its own GLib context on its own thread: it speaks with no GLib
/// loop anywhere (an async main has none; this test runs none), and stops when released.
final class FolderMonitorTests: XCTestCase {
    func testItTellsOfANewFileWithNoMainLoopAndFallsSilentWhenReleased() throws {
        let folder = NSTemporaryDirectory() + "vw-monitor-\(getpid())"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let told = DispatchSemaphore(value: 0)
        let count = Counter()
        var monitor: FolderMonitor? = try FolderMonitor(path: folder) {
            count.add()
            told.signal()
        }
        try Data("a".utf8).write(to: URL(fileURLWithPath: folder + "/a.txt"))
        XCTAssertEqual(told.wait(timeout: .now() + 5), .success, "a new file is told of, on the monitor's own thread")
        withExtendedLifetime(monitor) {}
        monitor = nil
        Thread.sleep(forTimeInterval: 0.3)
        let before = count.value
        try Data("b".utf8).write(to: URL(fileURLWithPath: folder + "/b.txt"))
        Thread.sleep(forTimeInterval: 0.5)
        XCTAssertEqual(count.value, before, "released, it says nothing more")
    }

    func testAMonitorReleasedAtOnceStopsItsThread() throws {
        let folder = NSTemporaryDirectory()
        for _ in 0..<20 { _ = try FolderMonitor(path: folder) {} }
        Thread.sleep(forTimeInterval: 0.2)
        let threads = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").compactMap { task in
            try? String(contentsOfFile: "/proc/self/task/\(task)/comm", encoding: .utf8)
        }
        XCTAssertFalse(threads.contains { $0.hasPrefix("folder-monitor") }, "every monitor's thread ended: \(threads)")
    }
}

private final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func add() { lock.lock(); count += 1; lock.unlock() }
    var value: Int { lock.lock(); defer { lock.unlock() }; return count }
}
