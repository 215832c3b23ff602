import XCTest
@testable import VideoWallCore
import VideoWallProtocol

final class FollowerReportTests: XCTestCase {
    private let full = FollowerReport(screen: "left", host: "wall-pc-1", synchronised: true, roundTripMilliseconds: 0.21,
                                      clockErrorMilliseconds: 0.04, apartMilliseconds: 0.3,
                                      overload: OverloadMeter.Figure(shownPerSecond: 14.5, duePerSecond: 30), framesRendered: 1234, framesDropped: 56)

    func testAReportReadsBackAsSent() {
        XCTAssertEqual(FollowerReport(json: full.json), full)
        let bare = FollowerReport(synchronised: false)
        XCTAssertEqual(FollowerReport(json: bare.json), bare)
        XCTAssertEqual(bare.json, .object(["synchronised": .bool(false), "frames-rendered": .number(0), "frames-dropped": .number(0)]))
    }

    /// Each field out of range or of the wrong type refuses the whole report.
    func testAReportWithAnyFieldOutOfRangeIsRefused() {
        guard case .object(let fields) = full.json else { return XCTFail("a report is an object") }
        let hostile: [(String, JSONValue?)] = [
            ("synchronised", nil), ("synchronised", .number(1)),
            ("frames-rendered", nil), ("frames-rendered", .number(-1)), ("frames-rendered", .number(1.5)), ("frames-rendered", .number(1e300)),
            ("frames-dropped", .string("3")),
            ("screen", .string("")), ("screen", .string("left\nright")), ("screen", .string("a\u{1B}[31m")), ("screen", .string("\u{202E}tfel")),
            ("screen", .string(String(repeating: "x", count: 254))), ("screen", .number(1)),
            ("host", .string("pc\u{7}")),
            ("round-trip-ms", .number(-0.1)), ("round-trip-ms", .number(86_400_001)), ("round-trip-ms", .string("1")),
            ("clock-error-ms", .number(-1)), ("apart-ms", .bool(true)),
            ("frames-shown-per-second", .number(1001)), ("frames-due-per-second", .number(-2)),
            ("frames-shown-per-second", nil),  // its pair alone
            ("extra", .number(1)),
        ]
        for (key, value) in hostile {
            var changed = fields
            changed[key] = value
            XCTAssertNil(FollowerReport(json: .object(changed)), "\(key) = \(value?.jsonText ?? "missing")")
        }
        XCTAssertNil(FollowerReport(json: .array([full.json])))
        XCTAssertNil(FollowerReport(json: .string("report")))
    }

    func testTheEdgesOfTheRangesAreTaken() {
        let edges = FollowerReport(screen: String(repeating: "é", count: 253), synchronised: true, roundTripMilliseconds: 0,
                                   clockErrorMilliseconds: FollowerReport.largestMilliseconds, apartMilliseconds: 0,
                                   overload: OverloadMeter.Figure(shownPerSecond: 0, duePerSecond: 1000),
                                   framesRendered: 9_007_199_254_740_992, framesDropped: 0)
        XCTAssertEqual(FollowerReport(json: edges.json), edges)
    }

    func testWhatTheLeaderSaysOfAFollowersReports() {
        let keepsUp = FollowerReport(screen: "left", synchronised: true)
        var struggling = keepsUp
        struggling.overload = OverloadMeter.Figure(shownPerSecond: 20, duePerSecond: 30)
        XCTAssertEqual(FollowerReport.changes(from: nil, to: keepsUp), [.joined])
        XCTAssertEqual(FollowerReport.changes(from: nil, to: struggling), [.joined, .cannotKeepUp(struggling.overload!)])
        XCTAssertEqual(FollowerReport.changes(from: keepsUp, to: keepsUp), [])
        XCTAssertEqual(FollowerReport.changes(from: keepsUp, to: struggling), [.cannotKeepUp(struggling.overload!)])
        var worse = struggling
        worse.overload = OverloadMeter.Figure(shownPerSecond: 10, duePerSecond: 30)
        XCTAssertEqual(FollowerReport.changes(from: struggling, to: worse), [], "said once, not every second")
        XCTAssertEqual(FollowerReport.changes(from: worse, to: keepsUp), [.keepsUpAgain])
    }

    func testAFollowerIsNamedByItsScreenElseItsMachineAndConnection() {
        XCTAssertEqual(full.name(client: "ipc-3"), "screen 'left' (wall-pc-1)")
        XCTAssertEqual(FollowerReport(host: "wall-pc-2", synchronised: true).name(client: "ipc-3"), "'wall-pc-2' (ipc-3)")
        XCTAssertEqual(FollowerReport(synchronised: true).name(client: "ipc-3"), "ipc-3")
    }
}
