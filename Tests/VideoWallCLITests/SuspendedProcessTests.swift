import Foundation
import VideoWallEngine
import VideoWallTestSupport
import XCTest

/// The process stopped for a while (SIGSTOP then SIGCONT; a paused virtual machine or heavy
/// swapping does the same) goes on playing at once, in sync, from where it was, and says so.
final class SuspendedProcessTests: XCTestCase {
    func testAWallStoppedForThreeSecondsPlaysOnAtOnceAndSaysSo() throws {
        let (silent, withSound) = try onMainLoop(timeout: 60) {
            (try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 450)),
             try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 25, frames: 375, audio: true)))
        }
        // Stopped 3 s once both tiles play and have shown a second (asked over the IPC socket:
        // a stop at a fixed time after the start fell, on a busy machine, while the wall still
        // loaded, before --quit-after started counting). --quit-after counts 7 s of playback: the
        // time stood still is not, so the run ends about 10 s after the wall started playing.
        let socket = TestClips.directory + "/suspended-\(UUID().uuidString.prefix(8)).sock"
        addTeardownBlock { unlink(socket) }
        let run = BackgroundRun(["--headless", "--quit-after", "7", "--report", "-", "--input-ipc-server", socket, silent, withSound],
                                timeout: 40)
        let ipc = try IPCConnection(path: socket)
        let pid = try XCTUnwrap(run.processID())
        let deadline = Date().addingTimeInterval(15)
        // Asked with `request`, which records no failure: a tile still loading has no state yet.
        func answer(_ property: String) -> Any? { (try? ipc.request(["get_property", property]))?["data"] }
        while Date() < deadline {
            let states = (1...2).map { answer("tile/\($0)/state") as? String }
            if states.allSatisfy({ $0 == "playing" }), answer("time-pos") as? Double ?? 0 >= 1 { break }
            Thread.sleep(forTimeInterval: 0.05)
        }
        let before = try ipc.number("time-pos")
        XCTAssertLessThan(before, 1.5, "stopped soon after the wall played a second")
        kill(pid, SIGSTOP)
        Thread.sleep(forTimeInterval: 3)
        kill(pid, SIGCONT)
        let result = try run.finish(timeout: 30)
        XCTAssertEqual(result.status, 0, result.standardError)
        XCTAssertTrue(result.standardError.contains("videowall: warning: the process stood still for "), result.standardError)
        let report = try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let suspended = report["suspendedSeconds"] as? Double ?? 0
        // 3 s less the main loop's tick (0.1 s) and the report's rounding to tenths.
        XCTAssertEqual(suspended, 2.9, accuracy: 0.25, "the 3 s stopped, all while the wall played: \(result.standardOutput)")
        let tiles = try XCTUnwrap(report["tiles"] as? [[String: Any]])
        XCTAssertEqual(tiles.count, 2)
        for (tile, rate) in zip(tiles, [30.0, 25.0]) {
            let rendered = Double(tile["framesRendered"] as? Int ?? 0), dropped = Double(tile["framesDropped"] as? Int ?? 0)
            // Every moment not stopped shows its frames, once the wall is re-based: less only by
            // the moment between waking and the re-base (on a busy machine up to a second, see
            // below; 1.2 s once in a fresh-clone run, 0.2 s here). Without the re-base, the tiles
            // show nothing new for about as long again as they stood still (3 s) after they wake.
            XCTAssertLessThan(rendered / rate, 7 + 0.4, "frames shown for the time not stopped: \(tile)")
            XCTAssertGreaterThan(rendered / rate, 7 - 1.6, "frames shown for the time not stopped: \(tile)")
            // --quit-after starts counting once the wall is loaded, a moment before it plays.
            XCTAssertEqual(tile["position"] as? Double ?? 0, 7, accuracy: 0.4,
                           "--quit-after counted playback, not the time stood still: \(tile)")
            // The sinks drop what is late in the moment between waking and the re-base (on a
            // busy machine up to a second); those frames count as dropped, and the wall is that
            // much further on.
            XCTAssertLessThan(dropped, 2 * rate, "at most the frames late before the wall was re-based: \(tile)")
            // Within 0.75 s: frames around the wake-up counted as neither shown nor dropped are
            // an open question (session notes): 0.4 s in one run on a busy machine, 0.68 s in a
            // fresh-clone CI run on an idle one. A wall not re-based would be 3 s off.
            XCTAssertEqual(tile["position"] as? Double ?? 0, (rendered + dropped) / rate, accuracy: 0.75, "shown or dropped, every frame up to where it stands: \(tile)")
        }
        let positions = tiles.map { $0["position"] as? Double ?? 0 }
        XCTAssertEqual(positions[0], positions[1], accuracy: 0.1, "the tiles stay together")
        XCTAssertFalse(result.standardError.contains("cannot keep up"), "standing still is not slowness: \(result.standardError)")
        XCTAssertFalse(result.standardError.contains("cut short"), "intact files are not said to be cut short: \(result.standardError)")
    }
}
