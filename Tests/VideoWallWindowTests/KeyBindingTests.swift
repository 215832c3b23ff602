import VideoWallWindow
import XCTest

final class KeyBindingTests: XCTestCase {
    func testKeysMapAsMpvUsersExpect() {
        let table: [(String, WallCommand)] = [
            ("space", .togglePlayPause), ("Left", .seekBy(seconds: -5)), ("Right", .seekBy(seconds: 5)),
            ("Up", .seekBy(seconds: 60)), ("Down", .seekBy(seconds: -60)), ("period", .stepFrames(1)),
            ("comma", .stepFrames(-1)), ("bracketleft", .slower), ("bracketright", .faster),
            ("f", .toggleFullscreen), ("m", .toggleMute), ("l", .toggleLoop), ("q", .quit),
            ("1", .selectAudio(tile: 0)), ("4", .selectAudio(tile: 3)),
        ]
        for (key, command) in table { XCTAssertEqual(WallCommand.forKey(key), command, key) }
        XCTAssertNil(WallCommand.forKey("5"))
        XCTAssertNil(WallCommand.forKey("x"))
    }
}
