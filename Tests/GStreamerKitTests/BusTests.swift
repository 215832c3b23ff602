import Foundation
import GStreamerKit
import VideoWallTestSupport
import XCTest

/// Bus messages arrive as Swift values, in order, on the main queue through a watch token.
final class BusTests: XCTestCase {
    func testPipelineReportsStateAsyncDoneAndEndOfStream() throws {
        try onMainLoop(timeout: 20) {
            let pipeline = try Pipeline.parse("videotestsrc num-buffers=5 ! fakesink name=out sync=false")
            var kinds: [String] = []
            let finished = Box()
            let watch = try pipeline.bus.addWatch { message in
                MainActor.assumeIsolated {
                    switch message.kind {
                    case .asyncDone: kinds.append("async-done")
                    case .endOfStream: kinds.append("eos"); finished.done = true
                    case .stateChanged(_, let new, _) where message.isFrom(pipeline): kinds.append("state:\(new)")
                    default: break
                    }
                }
            }
            pipeline.setState(.playing)
            let ended = await waitUntil(timeout: 10) { finished.done }
            XCTAssertTrue(ended)
            XCTAssertTrue(kinds.contains("async-done"), "\(kinds)")
            XCTAssertTrue(kinds.contains("state:playing"), "\(kinds)")
            XCTAssertEqual(kinds.last, "eos")
            watch.cancel()
            pipeline.setState(.null)
        }
    }

    func testErrorsCarryTheSentenceAndCancelledWatchesStaySilent() throws {
        try onMainLoop(timeout: 20) {
            let pipeline = try Pipeline.parse("filesrc location=/nonexistent/clip.mp4 ! fakesink")
            let errors = Box()
            var silent = 0
            let muted = try pipeline.bus.addWatch { _ in MainActor.assumeIsolated { silent += 1 } }
            muted.cancel()
            let watch = try pipeline.bus.addWatch { message in
                MainActor.assumeIsolated {
                    if case .error(let error) = message.kind, !errors.done { errors.text = error.message; errors.done = true }
                }
            }
            pipeline.setState(.paused)
            _ = await waitUntil(timeout: 10) { errors.done }
            XCTAssertTrue(errors.text?.contains("not found") ?? false, errors.text ?? "no error")
            XCTAssertEqual(silent, 0, "a cancelled watch gets nothing")
            watch.cancel()
            pipeline.setState(.null)
        }
    }
}

extension BusTests {
    /// GStreamer allows one sync handler per bus: a second watch is an error, not a watch that
    /// never fires; once the first is dropped, a new one can be added.
    func testASecondWatchIsAnErrorUntilTheFirstIsDropped() throws {
        try onMainLoop(timeout: 10) {
            let pipeline = try Pipeline.parse("fakesrc ! fakesink")
            var first: BusWatch? = try pipeline.bus.addWatch { _ in }
            XCTAssertThrowsError(try pipeline.bus.addWatch { _ in }) { XCTAssertEqual($0 as? BusError, .alreadyWatched) }
            XCTAssertNotNil(first)
            first = nil
            XCTAssertNoThrow(try pipeline.bus.addWatch { _ in })
        }
    }

    /// Findings posted from a streaming thread (a pad probe) reach the handler in one order
    /// with GStreamer's own messages: every buffer's message before the end of stream.
    func testApplicationMessagesFromAStreamingThreadKeepTheirOrder() throws {
        try onMainLoop(timeout: 20) {
            let pipeline = try Pipeline.parse("videotestsrc num-buffers=30 ! fakesink name=out sync=false")
            let sink = try XCTUnwrap(pipeline.child(named: "out"))
            let pad = try XCTUnwrap(sink.staticPad("sink"))
            let counter = BufferCounter()
            let probe = pad.onBuffer { [weak pipeline] _ in
                pipeline?.post(ApplicationMessage("test-buffer", ["number": .integer(counter.next())]))
            }
            var seen: [String] = []
            let finished = Box()
            let watch = try pipeline.bus.addWatch { message in
                MainActor.assumeIsolated {
                    switch message.kind {
                    case .application(let posted): seen.append("\(posted.name):\(posted.integer("number") ?? -1)")
                    case .endOfStream: seen.append("eos"); finished.done = true
                    default: break
                    }
                }
            }
            pipeline.setState(.playing)
            let ended = await waitUntil(timeout: 10) { finished.done }
            XCTAssertTrue(ended)
            XCTAssertEqual(seen, (0..<30).map { "test-buffer:\($0)" } + ["eos"])
            probe.remove()
            watch.cancel()
            pipeline.setState(.null)
        }
    }
}

final class BufferCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var count: Int64 = 0
    func next() -> Int64 {
        lock.lock(); defer { lock.unlock() }
        defer { count += 1 }
        return count
    }
}

@MainActor
final class Box {
    var done = false
    var text: String?
}
