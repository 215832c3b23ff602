import Foundation
import VideoWallCore
import VideoWallPresentation
import VideoWallProtocol
import VideoWallRemote
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// A layout's overlays on screen: a kiosk window on Xvfb captured while it plays, each overlay's
/// part of the picture compared with the text drawn alone as the window draws it
/// (`OverlayPainting.picture`). A clock shows the time of the capture, within a second; a text
/// changed over the IPC socket (`overlay/N/text`) shows its new words; a ticker shows its
/// file's words and moves left at its speed.
final class OverlayOnScreenTests: XCTestCase {
    func testAClockOverlayShowsTheTimeWithinASecondAndATextItsWords() throws {
        let display = try VirtualDisplay.ensure()
        let clip = try onMainLoop { try await TestClips.clip(ClipSpec(width: 320, height: 180, frameRate: 30, frames: 120, pattern: "ball")) }
        // A ticker's file: its two lines shown as one, control characters dropped.
        let tickerFile = TestClips.directory + "/ticker-\(UUID().uuidString.prefix(8)).txt"
        try "News\u{7}\n42\n".write(toFile: tickerFile, atomically: true, encoding: .utf8)
        // A ticker's address: its words fetched from a real HTTP server on 127.0.0.1.
        let served = NSTemporaryDirectory() + "vw-ticker-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: served, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: served) }
        try "Gate 7 open\n".write(toFile: served + "/news.txt", atomically: true, encoding: .utf8)
        let server = try LoopbackHTTPServer(serving: served)
        defer { server.terminate() }
        let yaml = """
            regions:
              - {x: 0, y: 0, width: 0.5, height: 1}
              - {x: 0.5, y: 0, width: 0.5, height: 1}
            overlays:
              - {clock: "HH:mm:ss", timezone: UTC, x: 0.05, y: 0.8, size: 0.1, background: "#000000"}
              - {text: "Lobby screen", region: 2, x: 0.1, y: 0.1, size: 0.08, color: "#FFD000", background: "#000000"}
              - {ticker-file: \(tickerFile), y: 0.6, size: 0.06, speed: 0.1, background: "#000000"}
              - {ticker-url: "\(server.url(for: "news.txt"))", y: 0.4, size: 0.06, speed: 0.1, background: "#000000"}
            """
        let layoutPath = TestClips.directory + "/overlays-\(UUID().uuidString.prefix(8)).yaml"
        try yaml.write(toFile: layoutPath, atomically: true, encoding: .utf8)
        let png = TestClips.directory + "/overlays-\(UUID().uuidString.prefix(8)).png"
        let changed = TestClips.directory + "/overlays-\(UUID().uuidString.prefix(8)).png"
        let socket = NSTemporaryDirectory() + "vw-overlay-\(UUID().uuidString.prefix(8)).sock"
        let runs = Runs()
        runs.start("wall") {
            try CommandRunner.run(["--kiosk", "--no-audio", "--no-mpris", "--layout", layoutPath, "--quit-after", "40",
                                   "--screenshot-at", "2", png, "--input-ipc-server", socket, clip],
                                  environment: ["DISPLAY": display], display: true, timeout: 60)
        }
        // Once the first screenshot is written: the text changed over the socket, and a second one.
        let deadline = Date().addingTimeInterval(20)
        while !FileManager.default.fileExists(atPath: png), Date() < deadline { Thread.sleep(forTimeInterval: 0.1) }
        func ask(_ words: [JSONValue]) throws -> IPCClient.Reply { try IPCClient.request(words, at: socket, timeout: .seconds(5)) }
        XCTAssertEqual(try ask([.string("get_property"), .string("overlay/2/text")]).data, .string("Lobby screen"))
        XCTAssertTrue(try ask([.string("set_property"), .string("overlay/2/text"), .string("Gate 12")]).succeeded)
        XCTAssertEqual(try ask([.string("get_property"), .string("overlay/2/text")]).data, .string("Gate 12"))
        XCTAssertEqual(try ask([.string("set_property"), .string("overlay/1/text"), .string("x")]).error, "property unavailable", "a clock has no words to set")
        XCTAssertEqual(try ask([.string("set_property"), .string("overlay/5/text"), .string("x")]).error, "property unavailable", "no fifth overlay")
        XCTAssertEqual(try ask([.string("set_property"), .string("overlay/2/text"), .string("a\u{1B}[2Jb")]).error,
                       "unsupported format for accessing property", "no control characters")
        let written = try XCTUnwrap(try FileManager.default.attributesOfItem(atPath: png)[.modificationDate] as? Date)
        let frame = try XCTUnwrap(PNGFrame.read(png), "the screenshot reads back")
        let overlays = WallOverlay.overlays(of: try LayoutParser.parse(yaml: yaml, sourceName: "overlays.yaml"))
        let screen = PixelRect(x: 0, y: 0, width: frame.width, height: frame.height)

        // The tickers' places come from the time of day: two pictures taken over the socket,
        // half a second apart, at a moment both tickers' words are wholly in view (worked out
        // with the same sum), each with the moments it was asked for and answered.
        let tickers = [(overlays[2], "News  •  42"), (overlays[3], "Gate 7 open")].map { overlay, text in
            let place = overlay.placement(in: screen)
            return (overlay: overlay, place: place,
                    words: OverlayPainting.picture(of: text, lineHeight: place.lineHeight, color: overlay.color, background: overlay.background))
        }
        func tickerPlace(_ index: Int, at moment: Double) -> Int {
            tickers[index].overlay.tickerX(elapsed: moment, areaWidth: frame.width, textWidth: tickers[index].words.width)
        }
        // (From half a second before the first to a second after the second: a picture is taken
        // after it was asked for, of what was drawn up to a thirtieth of a second before.)
        let inView = stride(from: Date().timeIntervalSince1970 + 0.3, to: Date().timeIntervalSince1970 + 16, by: 0.05).first { start in
            stride(from: start - 0.5, through: start + 1.6, by: 0.05).allSatisfy { moment in
                tickers.indices.allSatisfy { (0...(frame.width - tickers[$0].words.width)).contains(tickerPlace($0, at: moment)) }
            }
        }
        let start = try XCTUnwrap(inView, "the tickers are in view together within a lap")
        var taken: [(path: String, asked: Double, answered: Double)] = []
        for (index, path) in [(0, changed.replacingOccurrences(of: ".png", with: "-a.png")), (1, changed)] {
            Thread.sleep(forTimeInterval: max(0, start + 0.6 * Double(index) - Date().timeIntervalSince1970))
            let asked = Date().timeIntervalSince1970
            XCTAssertTrue(try ask([.string("screenshot-to-file"), .string(path)]).succeeded)
            taken.append((path, asked, Date().timeIntervalSince1970))
        }
        XCTAssertTrue(try ask([.string("quit")]).succeeded)
        let result = try XCTUnwrap(runs.wait()["wall"] ?? nil, "the wall ran")
        XCTAssertEqual(result.status, 0, result.standardError)

        // The clock: of the times around the capture, the one drawn there.
        let clock = overlays[0].placement(in: screen)
        let seconds = Int(written.timeIntervalSince1970)
        let candidates = ((seconds - 4)...(seconds + 1)).map { second in
            let text = overlays[0].text(at: Date(timeIntervalSince1970: Double(second)))!
            let reference = OverlayPainting.picture(of: text, lineHeight: clock.lineHeight, color: overlays[0].color, background: overlays[0].background)
            return (second: second, text: text, difference: Self.difference(reference, in: frame.image, at: (clock.x, clock.y)))
        }.sorted { $0.difference < $1.difference }
        let shown = candidates[0]
        let said = candidates.map { "\($0.text): \($0.difference)" }
        // The window and the reference rasterise the glyphs with the same font options, so the
        // time shown matches pixel for pixel (0 apart in every run); another time differs by a
        // glyph's strokes (hundreds). A thousandth of the box leaves room for a stray pixel.
        let box = OverlayPainting.picture(of: shown.text, lineHeight: clock.lineHeight, color: overlays[0].color, background: overlays[0].background)
        XCTAssertLessThan(shown.difference, box.width * box.height / 1000, "the clock reads \(shown.text), pixels apart: \(said)")
        XCTAssertGreaterThan(candidates[1].difference, 2 * shown.difference, "and no other time: \(said)")
        let lag = written.timeIntervalSince1970 - Double(shown.second)
        XCTAssertTrue((-0.2...1.6).contains(lag), "the clock showed \(shown.text), \(lag) s before the screenshot was written")

        // The text, over region 2 (the right half).
        let region = PixelRect(x: frame.width / 2, y: 0, width: frame.width - frame.width / 2, height: frame.height)
        let words = overlays[1].placement(in: region)
        func textDifference(_ text: String, in frame: PNGFrame) -> Int {
            Self.difference(OverlayPainting.picture(of: text, lineHeight: words.lineHeight, color: overlays[1].color, background: overlays[1].background),
                            in: frame.image, at: (words.x, words.y))
        }
        let (right, wrong) = (textDifference("Lobby screen", in: frame), textDifference("Lobby scream", in: frame))
        XCTAssertLessThan(right, 40, "the text over region 2: \(right) pixels apart, another text \(wrong)")
        XCTAssertGreaterThan(wrong, 2 * right, "and not another: \(right) pixels apart, another text \(wrong)")

        // After `set_property overlay/2/text`: the new words on screen.
        let after = try XCTUnwrap(PNGFrame.read(changed), "the later screenshot reads back")
        let (now, before) = (textDifference("Gate 12", in: after), textDifference("Lobby screen", in: after))
        XCTAssertLessThan(now, 40, "the changed text on screen: \(now) pixels apart, the old words \(before)")
        XCTAssertGreaterThan(before, 2 * now, "the old words gone: \(now) pixels apart, the old words \(before)")

        // Each ticker's words found along its band in both pictures, where the time of day puts
        // them between the moments each picture was asked for and answered (placed 30 times a
        // second: from a tenth of a second before it was asked, for a main loop a little late).
        for (index, ticker) in tickers.enumerated() {
            var places: [Int] = []
            for shot in taken {
                let picture = try XCTUnwrap(PNGFrame.read(shot.path), "\(shot.path) reads back")
                let found = Self.find(ticker.words, along: ticker.place.y, in: picture)
                // The words match pixel for pixel where drawn; a band without them would differ
                // by every pixel of their glyphs.
                let glyphs = stride(from: 0, to: ticker.words.pixels.count, by: 3).filter { ticker.words.pixels[$0] > 128 }.count
                XCTAssertLessThan(found.differing, glyphs / 30, "ticker \(index + 1)'s words in \(shot.path): \(found)")
                let (latest, earliest) = (tickerPlace(index, at: shot.asked - 0.1), tickerPlace(index, at: shot.answered))
                // (Ordered, should a slow answer come after the words came round again.)
                XCTAssertTrue((min(earliest, latest) - 2...max(earliest, latest) + 2).contains(found.x),
                              "ticker \(index + 1) at x \(found.x), where the time of day puts it between \(earliest) and \(latest)")
                places.append(found.x)
            }
            XCTAssertGreaterThan(places[0] - places[1], 5, "ticker \(index + 1) moved left between the pictures: \(places)")
        }
    }

    /// Where along the band at `y` `words` best match `frame`: every fourth place, then each
    /// place around the best of those.
    private static func find(_ words: CapturedImage, along y: Int, in frame: PNGFrame) -> (x: Int, differing: Int) {
        let coarse = stride(from: 0, through: frame.width - words.width, by: 4)
            .map { x in (x: x, differing: difference(words, in: frame.image, at: (x, y))) }.min { $0.differing < $1.differing }!
        return (max(0, coarse.x - 3)...min(frame.width - words.width, coarse.x + 3))
            .map { x in (x: x, differing: difference(words, in: frame.image, at: (x, y))) }.min { $0.differing < $1.differing }!
    }

    /// How many pixels of `reference` differ clearly (by more than a third of the range, on
    /// average over the channels) from the part of `image` it would cover at `origin`: none for
    /// the same text drawn by the window, a glyph's worth for another; all where it would fall
    /// outside.
    static func difference(_ reference: CapturedImage, in image: RGBImage, at origin: (x: Int, y: Int)) -> Int {
        guard origin.x >= 0, origin.y >= 0, origin.x + reference.width <= image.width, origin.y + reference.height <= image.height else {
            return reference.width * reference.height
        }
        var differing = 0
        reference.pixels.withUnsafeBufferPointer { ours in
            image.pixels.withUnsafeBufferPointer { theirs in
                for y in 0..<reference.height {
                    var a = y * reference.width * 3, b = ((origin.y + y) * image.width + origin.x) * 3
                    for _ in 0..<reference.width {
                        let apart = abs(Int(ours[a]) - Int(theirs[b])) + abs(Int(ours[a + 1]) - Int(theirs[b + 1])) + abs(Int(ours[a + 2]) - Int(theirs[b + 2]))
                        if apart > 3 * 85 { differing += 1 }
                        a += 3
                        b += 3
                    }
                }
            }
        }
        return differing
    }
}
