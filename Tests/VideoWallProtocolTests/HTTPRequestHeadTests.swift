import VideoWallProtocol
import XCTest

/// The web server's front door: how much head it reads, how it rewrites it, and how many
/// connections it holds.
final class HTTPRequestHeadTests: XCTestCase {
    func testFindsTheEndOfAHeadWithinItsBounds() {
        let head = Array("GET / HTTP/1.1\r\nHost: a\r\n\r\nBODY".utf8)
        XCTAssertEqual(HTTPRequestHead.scan(head), .complete(length: head.count - 4))
        XCTAssertEqual(HTTPRequestHead.scan(Array("GET / HTTP/1.1\nHost: a\n\n".utf8)), .complete(length: 24), "bare newlines")
        XCTAssertEqual(HTTPRequestHead.scan(Array("GET / HTTP/1.1\r\nHost: a\r\n".utf8)), .incomplete)
        XCTAssertEqual(HTTPRequestHead.scan(Array(repeating: UInt8(ascii: "a"), count: HTTPRequestHead.largest + 1)), .tooLarge)
        let manyLines = "GET / HTTP/1.1\r\n" + String(repeating: "X: y\r\n", count: HTTPRequestHead.mostLines)
        XCTAssertEqual(HTTPRequestHead.scan(Array(manyLines.utf8)), .tooLarge, "more than 100 lines")
    }

    func testTheRewrittenHeadClosesAfterOneRequestAndNamesThePeer() {
        let head = Array("POST /api HTTP/1.1\r\nHost: a\r\nconnection: keep-alive\r\nX-VideoWall-Peer: 127.0.0.1\r\nContent-Length: 4\r\n\r\n".utf8)
        let text = String(decoding: HTTPRequestHead.rewritten(head[...], peer: "192.0.2.7"), as: UTF8.self)
        XCTAssertEqual(text, "POST /api HTTP/1.1\r\nHost: a\r\nContent-Length: 4\r\nConnection: close\r\nX-VideoWall-Peer: 192.0.2.7\r\n\r\n",
                       "the client's own Connection and peer headers are gone")
    }

    func testConnectionsAreBoundedInAllAndPerAddress() {
        var limits = HTTPConnectionLimits(most: 5, mostPerPeer: 3)
        XCTAssertEqual((0..<4).map { _ in limits.admit("a") }, [true, true, true, false])
        XCTAssertTrue(limits.admit("b"))
        XCTAssertTrue(limits.admit("c"))
        XCTAssertFalse(limits.admit("d"), "five in all")
        limits.release("a")
        XCTAssertTrue(limits.admit("d"))
        limits.release("nobody")
        XCTAssertEqual(limits.open, 5, "a peer never admitted releases nothing")
    }
}
