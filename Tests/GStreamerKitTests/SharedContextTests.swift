import Foundation
import GStreamerKit
import VideoWallTestSupport
import XCTest

/// Pipelines share one device context: the GL display the first pipeline's GL element makes
/// is kept, and the second pipeline's element, asking for one, is given it instead of making
/// its own (as a CUDA context or a VA display would be: this machine has neither, GL's display
/// is made even without a GPU).
final class SharedContextTests: XCTestCase {
    func testTheSecondPipelineIsGivenTheFirstPipelinesDisplay() throws {
        let type = "gst.gl.GLDisplay"
        XCTAssertTrue(SharedContexts.types.contains(type))
        let before = SharedContexts.counts(of: type)
        try onMainLoop(timeout: 30) {
            for _ in 0..<2 {
                let pipeline = try Pipeline.parse("videotestsrc num-buffers=1 ! glupload ! gldownload ! fakesink")
                let finished = Box()
                // The watch is what passes the bus's messages through the shared contexts.
                let watch = try pipeline.bus.addWatch { message in
                    MainActor.assumeIsolated {
                        switch message.kind {
                        // Without a GL context (no GPU, no display) the pipeline fails after
                        // the display was made: either end will do.
                        case .endOfStream, .error: finished.done = true
                        default: break
                        }
                    }
                }
                pipeline.setState(.playing)
                _ = await waitUntil(timeout: 10) { finished.done }
                watch.cancel()
                pipeline.setState(.null)
            }
        }
        let after = SharedContexts.counts(of: type)
        if before.offered == 0 {
            XCTAssertEqual(after.offered, 1, "one display made, by the first pipeline only")
        } else {
            XCTAssertEqual(after.offered, before.offered, "a display kept before: none made")
        }
        XCTAssertGreaterThanOrEqual(after.given - before.given, 1, "the second pipeline was given the kept display")
    }
}
