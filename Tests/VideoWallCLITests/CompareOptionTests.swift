import Foundation
import VideoWallTestSupport
import XCTest

/// `--compare` is checked before anything plays: a view it does not know, a number of sources
/// other than two, a layout beside it, or no window, is one line and status 64.
final class CompareOptionTests: XCTestCase {
    func testWhatCompareCannotShowIsRefusedUpFront() throws {
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 160, height: 90, frames: 30)) }
        let cases: [([String], String)] = [
            (["--compare", "blend", clip, clip],
             "videowall: error: --compare takes wipe, flip or diff, got 'blend' (see 'videowall play --help')"),
            (["--compare", "diff", clip, clip, clip],
             "videowall: error: --compare shows two sources in one picture, got 3 (see 'videowall play --help')"),
            (["--compare", "wipe", "--layout", "side-by-side", clip, clip],
             "videowall: error: --compare has a layout of its own: it cannot be used with --layout (see 'videowall play --help')"),
            (["--headless", "--compare", "flip", clip, clip],
             "videowall: error: --compare needs a window: it cannot be used with --headless (see 'videowall play --help')"),
            (["demo", "--compare", "wipe"],
             "videowall: error: --compare shows two of your own sources in one picture: give them to 'videowall play' (see 'videowall demo --help')"),
        ]
        for (arguments, expected) in cases {
            let result = try CommandRunner.run(arguments, timeout: 20)
            XCTAssertEqual(result.status, 64, "\(arguments): \(result.standardError)")
            XCTAssertEqual(result.errorLines, [expected], "\(arguments)")
        }
    }
}
