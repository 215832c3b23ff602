import XCTest
@testable import VideoWallCore

/// Per-tile offsets: a tile with offset d shows the wall's position minus d, through the start,
/// seeks (accurate and key-frame), speed changes and the group loop.
final class WallTransportOffsetTests: XCTestCase {
    /// Offsets set while loading are applied by a seek to 0 when the wall is loaded: the
    /// delayed tile waits on its first frame for its offset, the advanced one starts inside.
    func testOffsetsSetWhileLoadingPlaceEveryTileWhenTheWallStarts() {
        var wall = TransportHarness()
        wall.send(.load([.local(), .local(), .local()]))
        wall.send(.setOffset(1, .milliseconds(400)))
        wall.send(.setOffset(2, .milliseconds(-300)))
        for tile in 0..<3 { wall.send(.tilePrerolled(tile, leadIn: .zero)) }
        wall.send(.play)
        let loaded = wall.send(.wallLoaded)
        XCTAssertEqual(loaded.settled, [0, 1, 2], "the wall seeks to 0 before it plays")
        let done = wall.answer(loaded)
        XCTAssertEqual(done.seeks.map(\.target), [.zero, .zero, .milliseconds(300)])
        XCTAssertEqual(done.published.last, .playing)
        let base = done.baseTimes[0]
        XCTAssertNotNil(base)
        XCTAssertEqual(done.baseTimes[1], base.map { $0 + .milliseconds(400) }, "waits 0.4 s on its first frame")
        XCTAssertEqual(done.baseTimes[2], base)
    }

    func testAnAccurateSeekSendsEachTileToTheTargetMinusItsOffset() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.setOffset(1, .milliseconds(500)))
        let done = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(3)))))
        XCTAssertEqual(done.seeks.map(\.target), [.seconds(3), .milliseconds(2500)])
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .zero, "past its start: no wait")
        // Near the start the delayed tile waits: at 0.2 s, it starts 0.3 s later.
        let early = wall.answer(wall.send(.seek(SeekRequest(target: .milliseconds(200)))))
        XCTAssertEqual(early.seeks.map(\.target), [.milliseconds(200), .zero])
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .milliseconds(300))
    }

    /// At twice the speed a wait of 0.3 s of media is 0.15 s of running time.
    func testAWaitIsCountedAtTheWallsRate() {
        var wall = TransportHarness()
        wall.loadWall([.local(), .local()])
        wall.send(.setOffset(1, .milliseconds(500)))
        wall.answer(wall.send(.seek(SeekRequest(target: .milliseconds(200), precision: .accurate, rate: 2))))
        XCTAssertEqual(wall.transport.offset(ofTile: 1), .milliseconds(150))
    }

    /// The leader goes to its key frame on its own timeline; the others follow to the wall's
    /// position it landed on, each minus its offset.
    func testAKeyFrameSeekTranslatesTheLeadersLandingToTheWall() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 30, frame: 40), .local(seconds: 10, frame: 40)])
        wall.send(.setOffset(0, .seconds(1)))
        wall.send(.setOffset(1, .milliseconds(-200)))
        wall.send(.seek(SeekRequest(target: .seconds(5), precision: .keyFrame)))
        wall.send(.tileSettled(0, position: .seconds(1)))
        let leader = wall.send(.tileSettled(1, position: .seconds(2))).seeks
        XCTAssertEqual(leader.map(\.tile), [0])
        XCTAssertEqual(leader.first?.target, .seconds(4) - .milliseconds(20), "the target on the leader's timeline")
        let followers = wall.send(.tileSeekDone(0, ticket: leader[0].ticket, landedAt: .seconds(6))).seeks
        XCTAssertEqual(followers.map(\.tile), [1])
        // The wall stands at 7 s (the leader's 6 s plus its offset); tile 1 at 7.2 s, nudged 1 ms.
        XCTAssertEqual(followers.first?.target, .milliseconds(7201))
        XCTAssertEqual(wall.transport.seekPosition, .seconds(7))
    }

    /// In a group loop a shorter tile re-armed for the wrap goes to where its offset puts the
    /// wall's 0: an advanced tile inside its clip, a delayed one waiting past the wrap.
    func testARearmedTileKeepsItsOffsetAtTheWrap() {
        var configuration = TransportConfiguration()
        configuration.groupLoop = true
        var wall = TransportHarness(configuration)
        wall.loadWall([.local(seconds: 10), .local(seconds: 4)])
        wall.send(.setOffset(1, .milliseconds(250)))
        wall.answer(wall.send(.seek(SeekRequest(target: .zero))))
        let started = wall.send(.play)
        guard let base = started.baseTimes[0] else { return XCTFail("the wall starts: \(started)") }
        wall.advance(by: .seconds(5))
        let rearm = wall.send(.tileEnded(1)).seeks
        XCTAssertEqual(rearm.map(\.target), [.zero])
        let done = wall.send(.tileSeekDone(1, ticket: rearm[0].ticket, landedAt: .zero))
        XCTAssertEqual(done.baseTimes[1], base + .seconds(10) + .milliseconds(250), "the wrap, plus its offset")
    }

    /// The A-B loop: the wall goes to A, each tile's seek carries its part of the range (less
    /// its offset), every tile loops by itself, and a seek past B stays inside.
    func testTheABLoopSendsEachTileItsPartAndKeepsSeeksInside() {
        var wall = TransportHarness()
        wall.loadWall([.local(seconds: 10), .local(seconds: 10)])
        wall.send(.setOffset(1, .milliseconds(500)))
        let begun = wall.send(.setABLoop(MediaTime.seconds(2)..<MediaTime.seconds(3), position: .seconds(5)))
        let gapless: [TransportEffect] = begun.filter { if case .loopGaplessly = $0 { true } else { false } }
        XCTAssertEqual(gapless, [.loopGaplessly(0, true), .loopGaplessly(1, true)])
        let done = wall.answer(begun)
        XCTAssertEqual(done.seeks.map(\.target), [.seconds(2), .milliseconds(1500)])
        XCTAssertEqual(done.seeks.map(\.loopRange), [MediaTime.seconds(2)..<MediaTime.seconds(3), MediaTime.milliseconds(1500)..<MediaTime.milliseconds(2500)])
        let past = wall.answer(wall.send(.seek(SeekRequest(target: .seconds(7)))))
        XCTAssertEqual(past.seeks.first?.target, .seconds(3) - .milliseconds(1), "a seek past B stays in the loop")
        let cleared = wall.answer(wall.send(.setABLoop(nil, position: .milliseconds(2500))))
        XCTAssertEqual(cleared.seeks.map(\.target), [.milliseconds(2500), .seconds(2)], "cleared: on from where the wall stands")
        XCTAssertEqual(cleared.seeks.map(\.loopRange), [nil, nil])
    }
}
