import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import XCTest

/// Followers report to their leader (`wall-report`, once a second over the connection each
/// keeps): the leader lists them (`wall-followers`), says when one follows, cannot keep up or
/// leaves, and gives those still connected in its report. A report out of range is refused
/// and the wall plays on.
final class WallFollowerReportTests: XCTestCase {
    func testTheLeaderKnowsItsFollowers() throws {
        let clip = try onMainLoop {
            try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 25, frames: 500, keyFrameInterval: 50, audio: true, sound: .aacMono44k))
        }
        let scratch = try WallScratch("vw-wall-followers", keyed: true)
        defer { withExtendedLifetime(scratch) {} }
        let (folder, controlPort) = (scratch.folder, scratch.controlPort)
        let leaderArguments = scratch.leaderArguments(quitAfter: 60, [clip]) + ["--layout", "wall-3x1", "--report", folder + "/leader.json"]

        let leader = BackgroundRun(leaderArguments, timeout: 90)
        XCTAssertTrue(WallAcrossMachinesTests.waitForTimeline(port: controlPort, key: scratch.key), "the leader serves")
        let screens = ["left", "right"].map { screen in
            (screen, BackgroundRun(["follow", "--headless", "--media-root", NSTemporaryDirectory(), "--quit-after", "60", "--screen", screen]
                                   + scratch.keyArguments + ["127.0.0.1:\(controlPort)"], timeout: 90))
        }

        // A follower of the test's own, on a connection it keeps: its machine cannot keep up.
        let own = ControlPortConnection(host: "127.0.0.1", port: controlPort, key: scratch.key, timeout: .seconds(2))
        let struggling = FollowerReport(screen: "middle", host: "test-machine", synchronised: true, roundTripMilliseconds: 0.2,
                                        clockErrorMilliseconds: 0.05, apartMilliseconds: 0.3,
                                        overload: OverloadMeter.Figure(shownPerSecond: 12, duePerSecond: 25), framesRendered: 40, framesDropped: 10)
        XCTAssertTrue(try own.request([.string("wall-report"), struggling.json]).succeeded)

        // Reports out of range are refused, one line each, and the wall plays on.
        for hostile: JSONValue in [
            .object(["synchronised": .bool(true), "frames-rendered": .number(-1), "frames-dropped": .number(0)]),
            .object(["synchronised": .bool(true), "frames-rendered": .number(1), "frames-dropped": .number(0), "screen": .string("left\u{1B}[2J")]),
            .object(["synchronised": .bool(true), "frames-rendered": .number(1), "frames-dropped": .number(0), "apart-ms": .number(1e300)]),
            .object(["synchronised": .bool(true), "frames-rendered": .number(1), "frames-dropped": .number(0), "frames-shown-per-second": .number(3)]),
            .string("fine"),
        ] {
            let reply = try IPCClient.request([.string("wall-report"), hostile], host: "127.0.0.1", port: controlPort, key: scratch.key, timeout: .seconds(2))
            XCTAssertEqual(reply.error, "invalid parameter", "refused: \(hostile.jsonText)")
        }

        // While the two play: each listed with its screen, its machine and how it fares, once
        // it has played the leader's timeline for a second (a report then says how far apart
        // it is, and counts the frames shown since it joined).
        let joined = Date().addingTimeInterval(7)
        var during = try Self.followers(port: controlPort, key: scratch.key)
        while Date() < joined, during.filter({ $0["apart-ms"] != nil && $0["frames-rendered"] as? Double ?? 0 > 25 }).count < 3 {
            Thread.sleep(forTimeInterval: 0.25)
            during = try Self.followers(port: controlPort, key: scratch.key)
        }
        let machine = Self.hostName()
        for screen in ["left", "right"] {
            let entry = try XCTUnwrap(during.first { $0["screen"] as? String == screen }, "\(screen) is listed: \(during)")
            XCTAssertEqual(entry["synchronised"] as? Bool, true, "\(screen): \(entry)")
            XCTAssertEqual(entry["host"] as? String, machine)
            XCTAssertLessThan(entry["apart-ms"] as? Double ?? .infinity, 20, "\(screen) plays the leader's frames: \(entry)")
            XCTAssertLessThan(entry["round-trip-ms"] as? Double ?? .infinity, 50, "over loopback: \(entry)")
            XCTAssertGreaterThan(entry["frames-rendered"] as? Double ?? 0, 25, "\(screen): \(entry)")
            XCTAssertNil(entry["frames-shown-per-second"], "\(screen) keeps up: \(entry)")
        }
        let middle = try XCTUnwrap(during.first { $0["screen"] as? String == "middle" }, "the test's own is listed: \(during)")
        XCTAssertEqual(middle["frames-shown-per-second"] as? Double, 12)
        XCTAssertEqual(middle["frames-due-per-second"] as? Double, 25)
        XCTAssertEqual(Set(during.compactMap { $0["client"] as? String }).count, 3, "one entry per connection")

        // Once the two have stopped, only the test's own is left.
        var results: [String: CommandRunner.Result] = [:]
        for (screen, run) in screens { results[screen] = try run.stop() }
        let left = Date().addingTimeInterval(10)
        var after = during
        while Date() < left, after.count > 1 {
            Thread.sleep(forTimeInterval: 0.5)
            after = try Self.followers(port: controlPort, key: scratch.key)
        }
        XCTAssertEqual(after.compactMap { $0["screen"] as? String }, ["middle"], "the two that stopped left the list")

        results["leader"] = try leader.stop()
        withExtendedLifetime(own) {}
        for (name, result) in results { XCTAssertEqual(result.status, 0, "\(name): \(result.standardError)") }
        let said = results["leader"]?.standardError ?? ""
        let host = TerminalText.shortened(machine)
        for line in ["lead: screen 'left' (\(host)) follows", "lead: screen 'right' (\(host)) left",
                     "lead: screen 'middle' (test-machine) cannot keep up: its slowest tile shows 12 of 25 frames per second"] {
            XCTAssertTrue(said.contains(line), "the leader says \"\(line)\": \(said)")
        }
        XCTAssertFalse(said.contains("\u{1B}"), "no control character from a report reached the terminal")

        // The leader's report: the follower still connected when it stopped.
        let report = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: folder + "/leader.json"))) as? [String: Any]
        let followers = try XCTUnwrap(report?["followers"] as? [[String: Any]], "followers in the leader's report")
        XCTAssertEqual(followers.compactMap { $0["screen"] as? String }, ["middle"])
        XCTAssertEqual(followers.first?["framesShownPerSecond"] as? Double, 12)
    }

    /// `gethostname`, as a follower names its machine.
    private static func hostName() -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count)
        return String(cString: buffer)
    }

    private static func followers(port: Int, key: WallKey?) throws -> [[String: Any]] {
        let reply = try IPCClient.request([.string("get_property"), .string("wall-followers")], host: "127.0.0.1", port: port, key: key, timeout: .seconds(2))
        guard reply.succeeded, let data = reply.data,
              let list = try JSONSerialization.jsonObject(with: Data(data.jsonText.utf8)) as? [[String: Any]] else {
            throw RunnerError(message: "wall-followers unreadable: \(reply.error)")
        }
        return list
    }
}
