import Foundation
import GStreamerKit
import VideoWallCore
@testable import VideoWallEngine
import VideoWallTestSupport
import XCTest

final class AssetLoadingTests: XCTestCase {
    func testDescribesLandscapePortraitAndNonSquarePixelClips() throws {
        try onMainLoop {
            let paths = [try await TestClips.clip(TestClips.landscape),
                         try await TestClips.clip(TestClips.portrait),
                         try await TestClips.clip(TestClips.anamorphic)]
            let results = await AssetLoader.loadAll(paths)
            let assets = try results.map { try $0.get() }

            XCTAssertEqual(assets[0].video?.width, 320)
            XCTAssertEqual(assets[0].video?.height, 180)
            XCTAssertEqual(assets[0].video?.frameRate ?? 0, 30, accuracy: 0.001)
            XCTAssertEqual(assets[0].duration?.seconds ?? 0, 2.0, accuracy: 0.05)
            XCTAssertTrue(assets[0].isSeekable)
            XCTAssertFalse(assets[0].isLive)
            XCTAssertEqual(assets[0].video?.codec.hasPrefix("H.264"), true, "codec: \(assets[0].video?.codec ?? "nil")")
            XCTAssertNotNil(assets[0].container)

            XCTAssertEqual(assets[1].video?.width, 180)
            XCTAssertEqual(assets[1].video?.height, 320)

            XCTAssertEqual(assets[2].video?.pixelAspect, PixelAspectRatio(numerator: 16, denominator: 15))
            XCTAssertEqual(assets[2].video?.displaySize, Size(width: 384, height: 288))
        }
    }

    func testLoadsManySourcesConcurrently() throws {
        try onMainLoop {
            let path = try await TestClips.clip(TestClips.landscape)
            let start = Date()
            let results = await AssetLoader.loadAll(Array(repeating: path, count: 4))
            XCTAssertEqual(results.filter { (try? $0.get()) != nil }.count, 4)
            // Not a timing assertion on speed: four answers arrived at all, in input order.
            XCTAssertEqual(results.compactMap { try? $0.get().source }, Array(repeating: path, count: 4))
            _ = start
        }
    }
}
