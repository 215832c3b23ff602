import Foundation
import VideoWallTestSupport
import XCTest

/// Two `videowall demo` started together on an empty cache both failed: they wrote the same
/// `.partial` files, then one moved them away under the other.
final class DemoCacheTests: XCTestCase {
    func testTwoDemosStartedTogetherOnAnEmptyCacheBothPlay() throws {
        let cache = TestClips.directory + "/demo-cache-\(UUID().uuidString)"
        let arguments = ["demo", "--headless", "--quit-after", "0.3", "--cache", cache]
        let results = DemoResults()
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            results.set(index, try? CommandRunner.run(arguments, timeout: 180))
        }
        for index in 0..<2 {
            let result = try XCTUnwrap(results.get(index), "demo \(index + 1) finished")
            XCTAssertEqual(result.status, 0, "demo \(index + 1): \(result.standardError)")
        }
        let files = try FileManager.default.contentsOfDirectory(atPath: cache)
        XCTAssertEqual(files.count, 4, "four clips and no scratch left: \(files)")
    }
}

/// The two runs' results, filled in from two threads.
private final class DemoResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: CommandRunner.Result] = [:]

    func set(_ index: Int, _ result: CommandRunner.Result?) { lock.withLock { results[index] = result } }
    func get(_ index: Int) -> CommandRunner.Result? { lock.withLock { results[index] } }
}
