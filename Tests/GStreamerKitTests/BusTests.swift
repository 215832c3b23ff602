import GStreamerKit
import VideoWallTestSupport
import XCTest

/// Bus messages arrive as Swift values through a watch token on the main loop.
final class BusTests: XCTestCase {
    func testPipelineReportsStateAsyncDoneAndEndOfStream() throws {
        try onMainLoop(timeout: 20) {
            let pipeline = try Pipeline.parse("videotestsrc num-buffers=5 ! fakesink name=out sync=false")
            var kinds: [String] = []
            let finished = Box()
            let watch = pipeline.bus.addWatch { message in
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
            let muted = pipeline.bus.addWatch { _ in MainActor.assumeIsolated { silent += 1 } }
            muted.cancel()
            let watch = pipeline.bus.addWatch { message in
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

@MainActor
final class Box {
    var done = false
    var text: String?
}
