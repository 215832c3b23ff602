import VideoWallWindow
import XCTest

final class KeyBindingTests: XCTestCase {
    func testKeysMapAsMpvUsersExpect() {
        let table: [(String, WallCommand)] = [
            ("space", .togglePlayPause), ("Left", .seekBy(seconds: -5)), ("Right", .seekBy(seconds: 5)),
            ("Up", .seekBy(seconds: 60)), ("Down", .seekBy(seconds: -60)), ("period", .stepFrames(1)),
            ("comma", .stepFrames(-1)), ("bracketleft", .slower), ("bracketright", .faster),
            ("f", .toggleFullscreen), ("s", .takeScreenshots), ("m", .toggleMute), ("l", .cycleABLoop), ("L", .toggleLoop), ("q", .quit),
            ("1", .selectAudio(tile: 0)), ("4", .selectAudio(tile: 3)),
            ("I", .measureQuality), ("c", .cycleCompareView), ("Tab", .flipCompare), ("g", .cycleDifferenceGain),
            ("Y", .toggleLumaDifference), ("W", .toggleWipeDivider),
            ("greater", .nextItem), ("Return", .nextItem), ("less", .previousItem),
        ]
        for (key, command) in table { XCTAssertEqual(WallCommand.forKey(key), command, key) }
        XCTAssertNil(WallCommand.forKey("5"))
        XCTAssertNil(WallCommand.forKey("x"))
    }

    func testTheOffsetKeysNeedTheirModifier() {
        XCTAssertEqual(WallCommand.forKey("2", modifiers: .alt), .selectTile(1))
        XCTAssertEqual(WallCommand.forKey("period", modifiers: .control), .nudgeFrames(1))
        XCTAssertEqual(WallCommand.forKey("less", modifiers: .control), .nudgeFrames(-10))
        XCTAssertEqual(WallCommand.forKey("period", modifiers: .alt), .nudgeMilliseconds(-1))
        XCTAssertEqual(WallCommand.forKey("BackSpace", modifiers: .alt), .resetOffset)
        XCTAssertEqual(WallCommand.forKey("period"), .stepFrames(1), "without a modifier: the wall's frame step")
        XCTAssertNil(WallCommand.forKey("q", modifiers: .control), "a modifier does not fall through to the plain key")
        XCTAssertNil(WallCommand.forKey("5", modifiers: .alt))
    }
}
