@testable import videowall
import XCTest

/// One rule for an address and a port on the command line, `--http`'s and `follow`'s alike.
final class HostAndPortTests: XCTestCase {
    func testALeaderIsAHostWithOrWithoutAPort() {
        func leader(_ text: String) -> String? { FollowCommand.address(of: text).map { "\($0.host) \($0.port)" } }
        XCTAssertEqual(leader("wall-pc-1"), "wall-pc-1 9638")
        XCTAssertEqual(leader("10.0.0.5:7000"), "10.0.0.5 7000")
        XCTAssertEqual(leader("[::1]:7000"), "::1 7000")
        XCTAssertEqual(leader("[fe80::2]"), "fe80::2 9638")
        XCTAssertEqual(leader("::1"), "::1 9638", "a bare IPv6 address has no port")
        for bad in ["", ":7000", "host:0", "host:65536", "host:", "host:12345678", "[::1]x", "[]:7000", String(repeating: "a", count: 254)] {
            XCTAssertNil(leader(bad), bad)
        }
    }

    func testHTTPIsAPortWithOrWithoutAnAddress() {
        func http(_ text: String) -> String? { HostAndPort.parse(text, alone: .port, defaultHost: "127.0.0.1").map { "\($0.host) \($0.port)" } }
        XCTAssertEqual(http("8080"), "127.0.0.1 8080")
        XCTAssertEqual(http("0.0.0.0:8080"), "0.0.0.0 8080")
        XCTAssertEqual(http("[::]:8080"), ":: 8080")
        for bad in ["", "http", "0.0.0.0", "::1", "0.0.0.0:99999", ":8080"] {
            XCTAssertNil(http(bad), bad)
        }
    }
}
