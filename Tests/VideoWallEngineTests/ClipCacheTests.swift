import Foundation
import GStreamerKit
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// Clips are written where nothing can be planted and no other run writes, then moved into place.
final class ClipCacheTests: XCTestCase {
    private func emptyFolder() throws -> String {
        let folder = TestClips.directory + "/cache-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        return folder
    }

    private static let spec = ClipSpec(width: 160, height: 90, frameRate: 30, frames: 10)

    /// A file of the test's own that a planted symlink points at.
    private func victim(in folder: String) throws -> String {
        let victim = folder + "/victim.txt"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        return victim
    }

    /// The encoder wrote to the predictable `<key>.partial.<ext>`, following a symlink planted
    /// there: it overwrote the symlink's target.
    func testASymlinkPlantedAtTheOldPartialNameIsNotFollowed() throws {
        let folder = try emptyFolder(), victim = try victim(in: folder), spec = Self.spec
        try FileManager.default.createSymbolicLink(atPath: folder + "/\(spec.cacheKey).partial.\(spec.container.rawValue)", withDestinationPath: victim)
        let path = try onMainLoop { try await ClipGenerator.cached(Self.spec, in: folder) }
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n", "the target is untouched")
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: path)).count, 1000, "a clip")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".partial-") }, [], "no scratch left")
    }

    /// A symlink at the clip's own name was taken for the cached clip: it is replaced.
    func testASymlinkAtTheClipsNameIsReplacedNotPlayed() throws {
        let folder = try emptyFolder(), victim = try victim(in: folder)
        try FileManager.default.createSymbolicLink(atPath: folder + "/" + Self.spec.cacheKey, withDestinationPath: victim)
        let path = try onMainLoop { try await ClipGenerator.cached(Self.spec, in: folder) }
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType, .typeRegular)
        XCTAssertGreaterThan(try Data(contentsOf: URL(fileURLWithPath: path)).count, 1000, "a clip")
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n", "the target is untouched")
    }

    /// Two generations of the same clip at once into an empty cache (two demos started
    /// together) both succeed, and leave one whole clip.
    func testTwoGenerationsAtOnceBothSucceed() throws {
        let folder = try emptyFolder()
        let paths = try onMainLoop { () async throws -> [String] in
            async let first = ClipGenerator.cached(Self.spec, in: folder)
            async let second = ClipGenerator.cached(Self.spec, in: folder)
            return try await [first, second]
        }
        XCTAssertEqual(paths[0], paths[1])
        let asset = try onMainLoop { try await AssetLoader.load(paths[0]) }
        XCTAssertEqual(asset.video?.width, 160, "the clip is whole")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder), [Self.spec.cacheKey])
    }
}
