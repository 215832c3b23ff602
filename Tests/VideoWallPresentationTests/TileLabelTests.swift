import VideoWallCore
import VideoWallPresentation
import XCTest

final class TileLabelTests: XCTestCase {
    func testShortNamesAreKeptWhole() {
        XCTAssertEqual(TileLabel.shortened("before.mp4", limit: 32), "before.mp4")
        XCTAssertEqual(TileLabel.shortened(String(repeating: "a", count: 32), limit: 32), String(repeating: "a", count: 32))
    }

    func testTheBaseNameOfPathsAndURIs() {
        XCTAssertEqual(TileLabel.baseName(of: "/srv/signage/a.mp4"), "a.mp4")
        XCTAssertEqual(TileLabel.baseName(of: "clip.webm"), "clip.webm")
        XCTAssertEqual(TileLabel.baseName(of: "file:///srv/my%20clip.mp4"), "my clip.mp4")
        XCTAssertEqual(TileLabel.baseName(of: "https://cdn.example.com/live/stream.m3u8?token=abc#t=3"), "stream.m3u8")
        XCTAssertEqual(TileLabel.baseName(of: "http://127.0.0.1:8000/hls/"), "hls")
        XCTAssertEqual(TileLabel.baseName(of: "https://example.com"), "example.com")
        XCTAssertEqual(TileLabel.baseName(of: "/"), "/", "nothing shorter to show")
    }

    /// The demo's cache names, which used to cover the pictures.
    func testALongCacheNameLosesItsMiddleBetweenWords() {
        let name = "720x576-par16_15-30fps-300f-k30-h264-pinwheel-PAL1615pixels.mp4"
        let label = TileLabel.shortened(name, limit: 32)
        XCTAssertEqual(label, "720x576-par16…PAL1615pixels.mp4")
        XCTAssertLessThanOrEqual(label.count, 32)
    }

    func testAWordTooLongForABoundaryIsCutAtTheEllipsis() {
        let label = TileLabel.shortened("abcdefghijklmnopqrstuvwxyz0123456789.mp4", limit: 20)
        XCTAssertEqual(label, "abcdefghij…56789.mp4")
    }

    /// Whatever the name, a label is the whole name or a start and an end of it joined by the
    /// ellipsis, never longer than the limit: a word is never cut without the ellipsis showing.
    func testEveryCutShowsTheEllipsis() {
        let names = ["a-b-c-d-e-f-g-h-i-j-k-l-m-n-o-p", "Ünïcödé Fïlé Nämé wïth 👩‍👩‍👧 émojï and more.mkv",
                     "----------------------------------------", "x_y z.w.v,u+t-s_r q.p.o,n+m-l_k j.i.h.g",
                     String(repeating: "long", count: 30) + ".mp4"]
        for name in names {
            for limit in 1...45 {
                let label = TileLabel.shortened(name, limit: limit)
                XCTAssertLessThanOrEqual(label.count, limit, "\(name) at \(limit)")
                if label == name { continue }
                let parts = label.split(separator: "…", maxSplits: 1, omittingEmptySubsequences: false)
                XCTAssertEqual(parts.count, 2, "\(label) has the ellipsis")
                guard parts.count == 2 else { continue }
                XCTAssertTrue(name.hasPrefix(parts[0]), "\(label) starts as \(name) does")
                XCTAssertTrue(name.hasSuffix(parts[1]), "\(label) ends as \(name) does")
            }
        }
    }

    func testTheLabelOfASourceIsItsShortenedBaseName() {
        XCTAssertEqual(TileLabel.name(forSource: "/home/ana/.cache/videowall/demo/720x576-par16_15-30fps-300f-k30-h264-pinwheel-PAL1615pixels.mp4"),
                       "720x576-par16…PAL1615pixels.mp4")
    }

    func testTheOffsetLineSaysSecondsFramesAndSelection() {
        let frame = MediaTime.nanoseconds(33_333_333)
        XCTAssertNil(TileLabel.offsetLine(offset: .zero, frameDuration: frame, selected: false))
        XCTAssertEqual(TileLabel.offsetLine(offset: frame * 10, frameDuration: frame, selected: false), "offset +0.333 s (+10 frames)")
        XCTAssertEqual(TileLabel.offsetLine(offset: .milliseconds(-40), frameDuration: nil, selected: true), "selected · offset -0.040 s")
        XCTAssertEqual(TileLabel.offsetLine(offset: .zero, frameDuration: frame, selected: true), "selected · offset +0.000 s (+0 frames)")
    }

    func testTheInfoLinesSayWhatIsKnown() {
        let frame = MediaTime.nanoseconds(33_366_667)
        let full = TileLabel.Info(codec: "H.264 (High Profile)", width: 1920, height: 1080, frameRate: 29.97002997, bitrate: 8_000_000,
                                  position: frame * 124, frameDuration: frame, offset: frame * -2)
        XCTAssertEqual(TileLabel.infoLines(full),
                       "H.264 (High Profile) · 1920x1080 · 29.97 fps · 8.0 Mbit/s\n00:00:04.137 · frame 124 · offset -0.066 s (-2 frames)")
        XCTAssertEqual(TileLabel.infoLines(TileLabel.Info(codec: "VP9", frameRate: 25, bitrate: 640_000)), "VP9 · 25 fps · 640 kbit/s")
        XCTAssertEqual(TileLabel.infoLines(TileLabel.Info()), "")
    }
}
