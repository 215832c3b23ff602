import VideoWallCore
import VideoWallProtocol
import XCTest

/// Lines as clients send them, read as mpv's JSON IPC reads them.
final class IPCRequestTests: XCTestCase {
    private func parse(_ line: String) -> Result<IPCRequest, IPCRequest.Refusal>? { IPCRequest.parse(line) }

    func testAJSONCommandWithItsRequestID() throws {
        let request = try XCTUnwrap(parse(#"{"command": ["get_property", "time-pos"], "request_id": 100}"#)).get()
        XCTAssertEqual(request.command, .getProperty("time-pos", asText: false))
        XCTAssertEqual(request.requestID, .number(100))
        XCTAssertTrue(request.wantsReply)
    }

    func testARequestWithoutAnIDIsAnsweredWithZero() throws {
        let request = try XCTUnwrap(parse(#"{"command": ["set_property", "pause", true]}"#)).get()
        XCTAssertEqual(request.command, .setProperty("pause", .bool(true)))
        XCTAssertEqual(request.requestID, .number(0))
    }

    func testATextCommandRunsWithoutAReply() throws {
        let request = try XCTUnwrap(parse("cycle pause")).get()
        XCTAssertEqual(request.command, .cycle("pause", down: false))
        XCTAssertFalse(request.wantsReply)
        XCTAssertEqual(try XCTUnwrap(parse(#"screenshot-to-file "/tmp/a b.png""#)).get().command, .screenshotToFile("/tmp/a b.png"))
    }

    func testBlankLinesAreIgnored() {
        XCTAssertNil(parse(""))
        XCTAssertNil(parse("   \t"))
    }

    func testSeekFlagsAreMpvs() throws {
        func seek(_ line: String) throws -> IPCSeek {
            guard case .seek(let seek) = try XCTUnwrap(parse(line)).get().command else { throw XCTSkip("not a seek") }
            return seek
        }
        XCTAssertEqual(try seek(#"{"command": ["seek", 10]}"#), IPCSeek(target: 10))
        XCTAssertEqual(try seek(#"{"command": ["seek", "2.5", "absolute+exact"]}"#), IPCSeek(target: 2.5, reference: .absolute, precision: .accurate))
        XCTAssertEqual(try seek(#"{"command": ["seek", 50, "absolute-percent", "keyframes"]}"#),
                       IPCSeek(target: 50, reference: .absolutePercent, precision: .keyFrame))
        XCTAssertEqual(IPCSeek(target: 3, reference: .absolute).effectivePrecision, .accurate)
        XCTAssertEqual(IPCSeek(target: 3).effectivePrecision, .keyFrame)
    }

    func testPlaylistStepsTakeMpvsFlagsAndATile() throws {
        func command(_ line: String) -> IPCCommand? { try? parse(line)?.get().command }
        XCTAssertEqual(command("playlist-next"), .playlistStep(forward: true, tile: nil))
        XCTAssertEqual(command("playlist-prev weak"), .playlistStep(forward: false, tile: nil))
        XCTAssertEqual(command(#"{"command": ["playlist-next", "force", 3]}"#), .playlistStep(forward: true, tile: 3))
        XCTAssertEqual(command(#"{"command": ["playlist-prev", "2"]}"#), .playlistStep(forward: false, tile: 2))
        for refused in ["playlist-next 0", "playlist-next 65", "playlist-next 1.5", "playlist-next sideways", "playlist-next weak 1 2"] {
            XCTAssertEqual(parse(refused).flatMap { try? $0.get() }, nil, refused)
        }
        XCTAssertEqual(WallProperty(name: "tile/2/item-pos"), .tile(2, .itemPosition))
        XCTAssertTrue(WallProperty.tile(2, .itemPosition).isWritable)
        XCTAssertFalse(WallProperty.tile(2, .item).isWritable)
    }

    func testHostileLinesAreRefusedWithMpvsError() {
        let refused = [
            "{not json",
            #"{"command": "pause"}"#,
            #"{"request_id": 1}"#,
            #"["get_property", "pause"]"#,
            #"{"command": []}"#,
            #"{"command": [42]}"#,
            #"{"command": ["no_such_command"]}"#,
            #"{"command": ["seek", "ten"]}"#,
            #"{"command": ["seek", 1e300]}"#,
            #"{"command": ["seek", 1, "sideways"]}"#,
            #"{"command": ["quit", 256]}"#,
            #"{"command": ["quit", 1.5]}"#,
            #"{"command": ["observe_property", -1, "pause"]}"#,
            #"{"command": ["get_property", ""]}"#,
            #"{"command": ["get_property", "a", "b"]}"#,
            #"{"command": ["screenshot-to-file", "a\u0000b"]}"#,
            "{\"command\": [\"get_property\", \"" + String(repeating: "x", count: 5000) + "\"]}",
            "{\"command\": " + String(repeating: "[", count: 40) + String(repeating: "]", count: 40) + "}",
            "{\"command\": " + String(repeating: "[", count: 100_000),
        ]
        for line in refused {
            guard case .failure(let refusal)? = parse(line) else { return XCTFail("accepted: \(line.prefix(80))") }
            XCTAssertEqual(refusal.error, .invalidParameter, String(line.prefix(80)))
        }
    }

    func testARefusalKeepsTheRequestIDItCouldRead() {
        guard case .failure(let refusal)? = parse(#"{"command": ["nope"], "request_id": 7}"#) else { return XCTFail() }
        XCTAssertEqual(refusal.requestID, .number(7))
        guard case .failure(let bad)? = parse(#"{"command": ["get_property", "pause"], "request_id": "seven"}"#) else { return XCTFail() }
        XCTAssertEqual(bad.requestID, .number(0), "mpv takes only integer ids")
    }

    func testRepliesAndEventsHaveMpvsShape() {
        XCTAssertEqual(IPCMessage.success(.number(1.5), requestID: .number(3)), #"{"data":1.5,"error":"success","request_id":3}"#)
        XCTAssertEqual(IPCMessage.success(nil, requestID: .number(0)), #"{"error":"success","request_id":0}"#)
        XCTAssertEqual(IPCMessage.failure(.propertyNotFound, requestID: .number(4)), #"{"error":"property not found","request_id":4}"#)
        XCTAssertEqual(IPCMessage.event("seek"), #"{"event":"seek"}"#)
        let change = PropertyObservations.Change(client: 1, id: 2, name: "pause", value: .bool(true))
        XCTAssertEqual(IPCMessage.propertyChange(change), #"{"data":true,"event":"property-change","id":2,"name":"pause"}"#)
        XCTAssertEqual(JSONValue.finite(Double.nan), .null)
        XCTAssertEqual(JSONValue.number(.infinity).jsonText, "null")
        XCTAssertEqual(JSONValue.string("a/b\"\n").jsonText, #""a/b\"\n""#)
    }
}
