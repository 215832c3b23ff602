import VideoWallProtocol
import XCTest

final class HTTPAccessRuleTests: XCTestCase {
    let rule = HTTPAccessRule(token: "0123abcd")

    func testLoopbackReadsWithoutTheTokenAndNothingElseDoes() {
        XCTAssertEqual(rule.verdict(method: "GET", fromLoopback: true, authorization: nil, origin: nil, host: "127.0.0.1:8080"), .allowed)
        guard case .unauthorized = rule.verdict(method: "GET", fromLoopback: false, authorization: nil, origin: nil, host: "10.0.0.2:8080") else {
            return XCTFail("a read from the network needs the token")
        }
        XCTAssertEqual(rule.verdict(method: "GET", fromLoopback: false, authorization: "Bearer 0123abcd", origin: nil, host: "10.0.0.2:8080"), .allowed)
    }

    func testEveryChangeNeedsTheTokenEvenFromLoopback() {
        guard case .unauthorized = rule.verdict(method: "POST", fromLoopback: true, authorization: nil, origin: nil, host: "127.0.0.1:8080") else {
            return XCTFail("a change from loopback needs the token too")
        }
        guard case .unauthorized("wrong token") = rule.verdict(method: "POST", fromLoopback: true, authorization: "Bearer 0123abce", origin: nil, host: nil) else {
            return XCTFail("another token is refused")
        }
        guard case .unauthorized = rule.verdict(method: "POST", fromLoopback: true, authorization: "Basic 0123abcd", origin: nil, host: nil) else {
            return XCTFail("only a bearer token counts")
        }
        XCTAssertEqual(rule.verdict(method: "POST", fromLoopback: true, authorization: "bearer  0123abcd", origin: nil, host: nil), .allowed)
    }

    func testAChangeFromAnotherOriginIsForbiddenWithTheToken() {
        guard case .forbidden = rule.verdict(method: "POST", fromLoopback: true, authorization: "Bearer 0123abcd",
                                             origin: "http://evil.example", host: "127.0.0.1:8080") else {
            return XCTFail("a foreign page may not act")
        }
        XCTAssertEqual(rule.verdict(method: "POST", fromLoopback: true, authorization: "Bearer 0123abcd",
                                    origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"), .allowed, "the server's own page")
    }

    func testWithoutATokenOnlyLoopbackReads() {
        let open = HTTPAccessRule(token: nil)
        XCTAssertEqual(open.verdict(method: "GET", fromLoopback: true, authorization: nil, origin: nil, host: nil), .allowed)
        guard case .forbidden = open.verdict(method: "POST", fromLoopback: true, authorization: "Bearer x", origin: nil, host: nil) else {
            return XCTFail("no token configured: no changes")
        }
    }

    func testUploadNamesArePlainFileNamesOrRefused() {
        XCTAssertEqual(UploadName.checked("holiday clip (2).mp4"), "holiday clip (2).mp4")
        for bad in ["", "../x.mp4", "a/b.mp4", "..", ".hidden.mp4", "x.mp4.part", "a\\b", "tab\there", " lead.mp4", String(repeating: "a", count: 201)] {
            XCTAssertNil(UploadName.checked(bad), bad)
        }
    }
}
