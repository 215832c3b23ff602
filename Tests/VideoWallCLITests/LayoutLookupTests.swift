import Foundation
import VideoWallEngine
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Layouts by name come from trusted places only: $VIDEOWALL_LAYOUTS, the user's config
/// folder, the shipped ones. A `layouts/` folder in the working directory is not one of them.
final class LayoutLookupTests: XCTestCase {
    /// A working directory with `layouts/side-by-side.yaml` planted in it: a layout whose second
    /// region plays a URL of the planter's choosing.
    private func plantedDirectory() throws -> String {
        let directory = TestClips.directory + "/planted-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/layouts", withIntermediateDirectories: true)
        let planted = """
            name: side-by-side
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1}
              - {x: 0.5, y: 0, width: 0.5, height: 1, source: "http://127.0.0.1:9/planted.mp4"}
            """
        try Data(planted.utf8).write(to: URL(fileURLWithPath: directory + "/layouts/side-by-side.yaml"))
        try Data(planted.utf8).write(to: URL(fileURLWithPath: directory + "/layouts/cwd-only.yaml"))
        return directory
    }

    /// A layout that names every region's source needs no MEDIA; one that names none, given
    /// none, is refused with status 64 and says what is missing.
    func testALayoutThatNamesItsSourcesNeedsNoMedia() throws {
        let clip = try onMainLoop { try await TestClips.clip(TestClips.landscape) }
        let folder = TestClips.directory + "/self-contained-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try "regions:\n  - {x: 0, y: 0, width: 1, height: 1, source: \"\(clip)\"}\n".write(toFile: folder + "/named.yaml", atomically: true, encoding: .utf8)
        try "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\n".write(toFile: folder + "/empty.yaml", atomically: true, encoding: .utf8)
        let played = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--layout", folder + "/named.yaml"], timeout: 30)
        XCTAssertEqual(played.status, 0, played.standardError)
        let refused = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--layout", folder + "/empty.yaml"], timeout: 30)
        XCTAssertEqual(refused.status, 64)
        XCTAssertEqual(refused.errorLines, ["videowall: error: empty: no region names a source: give one to 4 paths or URIs to play"], refused.standardError)
    }

    /// Without --layout, two sources take the built-in side-by-side: the planted one made the
    /// wall fetch its URL.
    func testAPlantedLayoutInTheWorkingDirectoryIsNotUsed() throws {
        let display = try VirtualDisplay.ensure()
        let clip = try onMainLoop { try await TestClips.clip(TestClips.landscape) }
        let directory = try plantedDirectory()
        let window = try CommandRunner.run(["--quit-after", "0.8", clip, clip], environment: ["DISPLAY": display], display: true,
                                           directory: directory)
        XCTAssertEqual(window.status, 0, window.standardError)
        XCTAssertFalse(window.standardError.contains("planted"), window.standardError)

        let headless = try CommandRunner.run(["--headless", "--quit-after", "0.5", "--report", "-", "--layout", "side-by-side", clip],
                                             directory: directory)
        XCTAssertEqual(headless.status, 0, headless.standardError)
        XCTAssertFalse(headless.standardError.contains("planted"), headless.standardError)
        let report = try JSONSerialization.jsonObject(with: Data(headless.standardOutput.utf8)) as? [String: Any]
        XCTAssertEqual((report?["tiles"] as? [Any])?.count, 1, "the shipped layout's second region stays empty: \(headless.standardOutput)")
    }

    /// A name is looked up in the user's config folder; a file in the working directory is
    /// used when named as a path, and only then.
    func testNamesComeFromTheConfigFolderAndFilesFromPaths() throws {
        let clip = try onMainLoop { try await TestClips.clip(TestClips.landscape) }
        let directory = try plantedDirectory()
        let config = directory + "/config"
        try FileManager.default.createDirectory(atPath: config + "/videowall/layouts", withIntermediateDirectories: true)
        try Data("regions:\n  - {x: 0, y: 0, width: 1, height: 1, label: Mine}\n".utf8)
            .write(to: URL(fileURLWithPath: config + "/videowall/layouts/mine.yaml"))
        let environment = ["XDG_CONFIG_HOME": config]

        let mine = try CommandRunner.run(["--headless", "--quit-after", "0.3", "--layout", "mine", clip],
                                         environment: environment, directory: directory)
        XCTAssertEqual(mine.status, 0, mine.standardError)

        let byName = try CommandRunner.run(["--headless", "--quit-after", "0.3", "--layout", "cwd-only", clip],
                                           environment: environment, directory: directory)
        XCTAssertEqual(byName.status, 64, byName.standardError)
        XCTAssertTrue(byName.standardError.hasPrefix("videowall: error: cwd-only: no layout named 'cwd-only' in \(config)/videowall/layouts, "),
                      byName.standardError)

        let byPath = try CommandRunner.run(["--headless", "--quit-after", "0.3", "--report", "-", "--layout", "./layouts/cwd-only.yaml", clip],
                                           environment: environment, directory: directory)
        XCTAssertEqual(byPath.status, 1, "named as a path, the file is used, planted URL and all: \(byPath.standardError)")
        XCTAssertTrue(byPath.standardError.contains("http://127.0.0.1:9/planted.mp4"), byPath.standardError)
    }

    /// A layout path that is a FIFO nobody writes to: opening it for reading blocked the main
    /// thread before anything ran (SIGTERM was not heard either). It is refused at once.
    func testALayoutThatIsAFIFOIsRefusedAtOnce() throws {
        let clip = try onMainLoop { try await TestClips.clip(TestClips.landscape) }
        let fifo = TestClips.directory + "/layout-\(UUID().uuidString).yaml"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        defer { try? FileManager.default.removeItem(atPath: fifo) }
        let started = Date()
        let result = try CommandRunner.run(["--headless", "--quit-after", "1", "--layout", fifo, clip], timeout: 20)
        XCTAssertEqual(result.status, 64, result.standardError)
        XCTAssertEqual(result.errorLines, ["videowall: error: \(fifo): is not a regular file"])
        XCTAssertLessThan(Date().timeIntervalSince(started), 5)
    }
}
