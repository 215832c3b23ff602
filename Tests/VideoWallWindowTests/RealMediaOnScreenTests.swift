import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallFixtures
import VideoWallTestSupport
import VideoWallWindow
import XCTest

/// Four real files (realmedia/CORPUS.md: Big Buck Bunny in MPEG-4/MKV, a Lego clip in Theora,
/// an iPhone clip in QuickTime 44 ms shorter than the longest, a rocket launch in VP8/WebM)
/// looping as a group in one window for 30 s, on a machine that is otherwise idle: the wall
/// goes round, says no overload, drops no frame, and every capture of the window, each tile
/// read against the frames bare playbin decodes from its file, shows the four on one instant.
/// (The Matroska file has runs of frames stamped with one time; its late copies were counted
/// as drops, and this wall went to key frames only within two seconds. The iPhone clip held its
/// last frame for good: no end of stream came after its pass; then, with its end inferred after
/// the wrap, it held it for a whole pass more.)
final class RealMediaOnScreenTests: XCTestCase {
    static let files = [21, 29, 3, 24]
    /// How much further from the capture than the best match a frame may be and still count
    /// (colour levels): a still stretch's frames all count.
    static let tolerance: Float = 0.5
    /// How far apart (s) two tiles' frames may be on one capture: a sink shows its frame up to
    /// a few milliseconds after it is due, and frames of different rates change apart.
    static let slack = 0.045

    func testFourRealFilesLoopInAWindowOnOneInstantWithNoOverloadAndNoDrop() throws {
        let paths = try Self.files.map(RealMedia.file)
        try onMainLoop(timeout: 150) {
            let references = try await Task.detached {
                try paths.map { try ReferenceFrames.decode($0, timeout: 60) }
            }.value
            var configuration = WallConfiguration()
            configuration.groupLoop = true
            let grid = Layout(name: "grid", background: .black, regions: [
                LayoutRegion(frame: Rect(x: 0, y: 0, width: 0.5, height: 0.5)), LayoutRegion(frame: Rect(x: 0.5, y: 0, width: 0.5, height: 0.5)),
                LayoutRegion(frame: Rect(x: 0, y: 0.5, width: 0.5, height: 0.5)), LayoutRegion(frame: Rect(x: 0.5, y: 0.5, width: 0.5, height: 0.5)),
            ])
            let (window, wall) = try await WallWindowHarness.open(layout: grid, sources: paths, width: 960, height: 600, configuration: configuration)
            defer { WallWindowHarness.close(window, wall) }
            await WallWindowHarness.settle(window, regions: [0, 1, 2, 3])
            // The group goes round at the longest file's end: a capture at a wrap may find one
            // tile on its next pass and another still on its last frame.
            let pass = try XCTUnwrap(wall.duration, "the wall's length").seconds
            var readings: [[TimeSet]] = []
            let end = Date().addingTimeInterval(30)
            while Date() < end {
                if let capture = window.capture() {
                    let image = RGBImage(width: capture.width, height: capture.height, pixels: capture.pixels)
                    let sets = (0..<4).compactMap { region -> TimeSet? in
                        guard let frame = window.videoFrame(ofRegion: region) else { return nil }
                        let inner = PixelRect(x: frame.x + 1, y: frame.y + 1, width: frame.width - 2, height: frame.height - 2)
                        return references[region].times(lookingLike: PictureSignature(of: image, in: inner), tolerance: Self.tolerance)
                    }
                    if sets.count == 4 { readings.append(sets) }
                }
                await pause(seconds: 0.45)
            }
            // About 55 on an idle machine (a capture and its matching take a few tens of
            // milliseconds besides the 0.45 s): 40 still reads it throughout the 30 s, on a
            // busy one too (a fresh-clone run beside another build read 49).
            XCTAssertGreaterThanOrEqual(readings.count, 40, "the window was read all along")
            let apart = readings.enumerated().filter { TimeSet.common($0.element.map { $0.repeating(every: pass).widened(by: Self.slack) }).isEmpty }
            XCTAssertEqual(apart.count, 0, "captures whose tiles fit no one instant: " + apart.prefix(5).map { index, sets in
                "capture \(index): " + sets.map { Self.describe($0) }.joined(separator: " | ")
            }.joined(separator: "; "))
            // The check tells something: where one tile's frame and the others' together each
            // pin the time down to under half a second, that tile read a second earlier or
            // later fits no instant.
            var trials = 0, stillFit = 0
            for sets in readings {
                for tile in 0..<4 where sets[tile].length < 0.5 {
                    let others = TimeSet.common((0..<4).filter { $0 != tile }.map { sets[$0].widened(by: Self.slack) })
                    guard others.length < 0.5 else { continue }
                    let othersGoingRound = TimeSet.common((0..<4).filter { $0 != tile }.map { sets[$0].repeating(every: pass).widened(by: Self.slack) })
                    for shift in [-1.0, 1.0] {
                        trials += 1
                        let moved = sets[tile].repeating(every: pass).shifted(by: shift).widened(by: Self.slack)
                        if !TimeSet.common([moved, othersGoingRound]).isEmpty { stillFit += 1 }
                    }
                }
            }
            XCTAssertGreaterThanOrEqual(trials, 30, "captures that pin the instant down")
            XCTAssertLessThanOrEqual(stillFit * 10, trials, "a tile a second off is seen: \(stillFit) of \(trials) still fit")
            print("RealMediaOnScreen: \(readings.count - apart.count) of \(readings.count) captures on one instant; a tile a second off still fits in \(stillFit) of \(trials) trials; " +
                  "best distances " + (0..<4).map { tile in String(format: "%.1f", readings.map { $0[tile].bestDistance }.max() ?? 0) }.joined(separator: " "))

            XCTAssertTrue(wall.tiles.allSatisfy { $0.loopCount >= 3 }, "every tile went round each pass: \(wall.tiles.map(\.loopCount))")
            XCTAssertNil(wall.overloadSummary, "the machine kept up")
            XCTAssertNil(window.overloadText, "and the window says nothing else")
            for tile in wall.tiles {
                XCTAssertEqual(tile.statistics?.framesDropped, 0, "\(tile.source): no frame dropped")
                XCTAssertGreaterThan(tile.statistics?.framesRendered ?? 0, 200, "\(tile.source) shows its frames")
                XCTAssertNil(tile.failure)
            }
        }
    }

    static func describe(_ set: TimeSet) -> String {
        set.intervals.prefix(4).map { String(format: "%.2f-%.2f", $0.lowerBound, $0.upperBound) }.joined(separator: ",")
            + String(format: " (d %.1f)", set.bestDistance)
    }
}
