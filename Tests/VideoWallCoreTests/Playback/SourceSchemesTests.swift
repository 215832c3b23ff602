@testable import VideoWallCore
import XCTest

/// The schemes a tile may open, and who may name a stream.
final class SourceSchemesTests: XCTestCase {
    func testPathsFilesAndTheWebAlwaysPlayStreamsOnlyWhenNamedHere() {
        for source in ["/srv/a.mp4", "relative/b.mkv", "file:///srv/a.mp4", "http://host/x.mp4", "HTTPS://host/live.m3u8", "/odd/dir://name.mp4"] {
            XCTAssertNil(SourceSchemes.refusal(of: source, namedByUser: false), source)
        }
        for source in ["rtsp://camera/1", "srt://host:9000", "udp://239.0.0.1:5000"] {
            XCTAssertNil(SourceSchemes.refusal(of: source, namedByUser: true), source)
            XCTAssertNotNil(SourceSchemes.refusal(of: source, namedByUser: false), "\(source) from a remote client or a leader")
        }
    }

    func testEveryOtherSchemeIsRefusedNamingIt() {
        for (source, scheme) in [("icy://host/x.mp4", "icy"), ("fd://0", "fd"), ("v4l2:///dev/video0", "v4l2"), ("rfb://host", "rfb"),
                                 ("sftp://host/a.mp4", "sftp"), ("smb://share/a.mp4", "smb"), ("rtmp://host/live", "rtmp")] {
            let why = SourceSchemes.refusal(of: source, namedByUser: true)
            XCTAssertTrue(why?.contains("'\(scheme)' is not allowed") == true, "\(source): \(why ?? "allowed")")
        }
        XCTAssertTrue(SourceSchemes.refusal(of: "x\u{1B}[2J://y", namedByUser: true) == nil, "not a scheme: a path")
    }
}

/// What messages, reports and logs show of a source: no credentials, no tokens.
final class SourceRedactionTests: XCTestCase {
    func testUserinfoAndQueriesAreHiddenPathsAreNot() {
        XCTAssertEqual(SourceSchemes.redacted("https://user:secret@cdn.example/live.m3u8?token=abc&x=1#t=5"), "https://***@cdn.example/live.m3u8?***#t=5")
        XCTAssertEqual(SourceSchemes.redacted("rtsp://admin:admin@10.0.0.7:554/stream"), "rtsp://***@10.0.0.7:554/stream")
        XCTAssertEqual(SourceSchemes.redacted("http://host/a.mp4?sig=1"), "http://host/a.mp4?***")
        XCTAssertEqual(SourceSchemes.redacted("http://host/a@b.mp4"), "http://host/a@b.mp4", "an @ in the path is no userinfo")
        XCTAssertEqual(SourceSchemes.redacted("/home/me/what?.mp4"), "/home/me/what?.mp4", "a path is as it is")
    }

    func testURLsWithinATextAreRedactedAndTheRestKept() {
        XCTAssertEqual(SourceSchemes.redactedWithin("Could not open resource for reading (https://u:p@h.example/a.m3u8?token=9): 401"),
                       "Could not open resource for reading (https://***@h.example/a.m3u8?***): 401")
        XCTAssertEqual(SourceSchemes.redactedWithin("refused to fetch \"file:///etc/x?y\" and rtsp://a:b@c/d"),
                       "refused to fetch \"file:///etc/x?***\" and rtsp://***@c/d")
        XCTAssertEqual(SourceSchemes.redactedWithin("no URL: a?b@c, 5:// and ://x"), "no URL: a?b@c, 5:// and ://x")
        XCTAssertEqual(SourceSchemes.redactedWithin("http://h/a?k=1"), "http://h/a?***", "a URL that is the whole text")
    }
}
