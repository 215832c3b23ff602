import Foundation
@testable import VideoWallEngine
import XCTest

/// The media cache is private, never in the shared temporary folder, follows no planted link,
/// and keeps to its size by removing what was used longest ago.
final class MediaCacheTests: XCTestCase {
    private var folder = ""
    private var savedCache: String?
    private var savedLimit: Int64 = 0

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-cache-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        savedCache = ProcessInfo.processInfo.environment["XDG_CACHE_HOME"]
        setenv("XDG_CACHE_HOME", folder, 1)
        savedLimit = MediaCache.limit.withLock { $0 }
    }

    override func tearDown() {
        if let savedCache { setenv("XDG_CACHE_HOME", savedCache, 1) } else { unsetenv("XDG_CACHE_HOME") }
        MediaCache.limit.withLock { $0 = savedLimit }
        try? FileManager.default.removeItem(atPath: folder)
    }

    func testTheCacheIsTheUsersOwnAndNeverTheTemporaryFolder() throws {
        XCTAssertNil(MediaCache.root([:]), "no XDG_CACHE_HOME and no HOME: no cache, not /tmp")
        XCTAssertNil(MediaCache.root(["HOME": "relative/home"]))
        XCTAssertEqual(MediaCache.root(["HOME": "/home/wall"]), "/home/wall/.cache/videowall")
        XCTAssertEqual(MediaCache.root(["XDG_CACHE_HOME": "/var/cache/wall", "HOME": "/home/wall"]), "/var/cache/wall/videowall")

        let stills = try MediaCache.directory("stills")
        for path in [folder + "/videowall", stills] {
            XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? NSNumber)?.intValue, 0o700, path)
        }
        // A folder others can read is made private; a link in the cache's place is refused.
        chmod(stills, 0o755)
        _ = try MediaCache.directory("stills")
        XCTAssertEqual((try FileManager.default.attributesOfItem(atPath: stills)[.posixPermissions] as? NSNumber)?.intValue, 0o700)
        try FileManager.default.createDirectory(atPath: folder + "/elsewhere", withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: folder + "/videowall/reversed", withDestinationPath: folder + "/elsewhere")
        XCTAssertThrowsError(try MediaCache.directory("reversed")) { XCTAssertTrue("\($0)".contains("not a folder of this user's"), "\($0)") }
    }

    func testAFileIsWrittenAsideAndALinkAtItsNameIsReplaced() throws {
        let stills = try MediaCache.directory("stills")
        let victim = folder + "/victim.txt"
        try Data("precious\n".utf8).write(to: URL(fileURLWithPath: victim))
        let path = stills + "/made.mkv"
        try FileManager.default.createSymbolicLink(atPath: path, withDestinationPath: victim)
        var handed = ""
        _ = try MediaCache.file(path) { partial in
            handed = partial
            try Data(repeating: 7, count: 100).write(to: URL(fileURLWithPath: partial))
        }
        XCTAssertTrue((handed as NSString).lastPathComponent.hasPrefix(".partial-"), handed)
        XCTAssertEqual(try FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType, .typeRegular)
        XCTAssertEqual(try String(contentsOfFile: victim, encoding: .utf8), "precious\n", "the link's target is untouched")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stills), ["made.mkv"], "no partial file left")

        // A write that fails leaves nothing behind.
        struct Broken: Error {}
        XCTAssertThrowsError(try MediaCache.file(stills + "/broken.mkv") { _ in throw Broken() })
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: stills), ["made.mkv"])
    }

    func testPastItsLimitTheFilesUsedLongestAgoGo() throws {
        let stills = try MediaCache.directory("stills")
        MediaCache.limit.withLock { $0 = 1000 }
        for (index, name) in ["old", "middle", "recent"].enumerated() {
            let path = stills + "/\(name).mkv"
            FileManager.default.createFile(atPath: path, contents: Data(repeating: 1, count: 400))
            // Used an hour, then half an hour, then a minute ago.
            let used = Date().addingTimeInterval([-3600, -1800, -60][index])
            try FileManager.default.setAttributes([.modificationDate: used], ofItemAtPath: path)
        }
        _ = try MediaCache.file(stills + "/new.mkv") { partial in
            try Data(repeating: 2, count: 400).write(to: URL(fileURLWithPath: partial))
        }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: stills)), ["recent.mkv", "new.mkv"],
                       "1,600 bytes in a cache of 1,000: the oldest two go, the new one stays")
    }

    /// A partial file not written for an hour was left by a process that was killed while it
    /// copied: it goes when the cache is next pruned. One being written now stays, even when
    /// the cache is over its limit.
    func testAPartialFileLeftByAKilledCopyGoesAndOneBeingWrittenStays() throws {
        let sounded = try MediaCache.directory("sounded")
        MediaCache.limit.withLock { $0 = 100 }
        let (left, writing) = (sounded + "/.partial-left", sounded + "/.partial-writing")
        FileManager.default.createFile(atPath: left, contents: Data(repeating: 1, count: 400))
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(-7200)], ofItemAtPath: left)
        FileManager.default.createFile(atPath: writing, contents: Data(repeating: 1, count: 400))
        _ = try MediaCache.file(sounded + "/new.mkv") { partial in
            try Data(repeating: 2, count: 10).write(to: URL(fileURLWithPath: partial))
        }
        XCTAssertEqual(Set(try FileManager.default.contentsOfDirectory(atPath: sounded)), [".partial-writing", "new.mkv"])
    }
}
