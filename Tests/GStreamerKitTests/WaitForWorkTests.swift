import Foundation
import GLibMainLoop
import GStreamerKit
import XCTest

/// Work a program does before its main loop (reading a layout) runs on a thread of its own;
/// the main thread waits a bounded time and still hears a stop.
final class WaitForWorkTests: XCTestCase {
    func testTheWorkersAnswerComesBack() {
        let value = MainActor.assumeIsolated { MainLoop.waitForWork(timeout: 5, stop: { false }) { 6 * 7 } }
        XCTAssertEqual(value, 42)
    }

    func testWorkThatNeverAnswersIsGivenUpAfterTheTimeout() {
        let started = Date()
        let value: Int? = MainActor.assumeIsolated { MainLoop.waitForWork(timeout: 0.3, stop: { false }) { sleep(30); return 1 } }
        XCTAssertNil(value)
        XCTAssertEqual(Date().timeIntervalSince(started), 0.3, accuracy: 0.2)
    }

    func testAStopEndsTheWaitAtOnce() {
        let started = Date()
        let value: Int? = MainActor.assumeIsolated { MainLoop.waitForWork(timeout: 10, stop: { Date().timeIntervalSince(started) > 0.1 }) { sleep(30); return 1 } }
        XCTAssertNil(value)
        XCTAssertLessThan(Date().timeIntervalSince(started), 1)
    }
}
