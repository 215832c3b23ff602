import VideoWallCore
@testable import VideoWallEngine
import XCTest

/// How a playlist tile's list hands over its next item (`PlaylistSequence.advance`), on its own.
final class PlaylistSequenceTests: XCTestCase {
    private let entries = ["a", "b"].map { PlaylistSequence.Entry(name: "/media/\($0).mkv", uri: "file:///media/\($0).mkv") }

    func testAListThatDoesNotLoopEndsAfterItsLastItem() {
        let sequence = PlaylistSequence(entries: entries, opening: entries[0].uri)
        sequence.goesRound = false
        XCTAssertEqual(sequence.advance(), entries[1].uri)
        XCTAssertNil(sequence.advance(), "no item after the last")
    }

    func testAListStillBeingPreparedGoesRoundUntilItsItemsAreReady() {
        let sequence = PlaylistSequence(entries: [entries[0]], opening: entries[0].uri)
        sequence.goesRound = false
        sequence.isPreparing = true
        XCTAssertEqual(sequence.advance(), entries[0].uri, "the one item ready plays again while the next is made")
        XCTAssertEqual(sequence.advance(), entries[0].uri)
        // The next item is ready: it comes next, and once none is being made the list ends.
        sequence.replace(entries)
        sequence.isPreparing = false
        XCTAssertEqual(sequence.advance(), entries[1].uri)
        XCTAssertNil(sequence.advance())
    }
}
