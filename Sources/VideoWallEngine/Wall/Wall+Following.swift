import Foundation
internal import GStreamerKit
import VideoWallCore

/// The clock a wall runs on: this machine's monotonic clock, or the clock a leader serves on
/// the network (`GstNetClientClock` following its `GstNetTimeProvider`): walls across machines.
public enum WallClockSource: Sendable, Equatable {
    case system
    case network(host: String, port: Int)
}

/// What a wall's network clock last said of how well it follows its leader.
package struct WallClockStatistics: Sendable, Equatable {
    /// Whether the clock follows its leader's (`gst_clock_is_synced`: set by its first exchange
    /// taken, and kept). Not the last message's own `synchronised`, which only says whether that
    /// exchange was taken: one with a round trip far off the average is left out, and a
    /// follower's report read that as never synchronised.
    package var synchronised: Bool
    /// The round trip to the leader, averaged.
    package var roundTrip: MediaTime
    /// How far this machine's clock is set from the leader's.
    package var offset: MediaTime
    /// The estimate's error bounds from the last exchange.
    package var minimumError: MediaTime
    package var maximumError: MediaTime
}

/// Playing on another wall's timeline: a leader says where its media stands on the shared
/// clock (`timeline`), a follower shows the same frame at the same instant (`follow`).
extension Wall {
    /// Whether the wall's clock follows its source: always for this machine's clock; for a
    /// network clock, once it has synchronised with the leader's, within `timeout` (it polls
    /// on a thread of its own, never the main one).
    package func waitForClockSync(timeout: Duration) async -> Bool {
        guard case .network = configuration.clock else { return true }
        let clock = self.clock
        let nanoseconds = UInt64(max(0, timeout.inSeconds) * 1e9)
        return await Task.detached { clock.waitForSync(timeout: ClockTime(nanoseconds: nanoseconds)) }.value
    }

    /// The furthest ahead a leader's start is joined at its own instant (`follow`): a start
    /// margin is half a second; a timeline further ahead is not a start (a frame prerolled for
    /// a later pass), and is joined `lead` from now.
    static let furthestStart = MediaTime.seconds(1)

    /// How near a looping leader's wrap a follower does not join (`follow`).
    static let wrapMargin = MediaTime.milliseconds(250)

    /// How long one pass of the wall's group loop is (the longest tile's length, as the wall
    /// loops it; a clip's container may say more, its sound running past its last frame).
    package var loopLength: MediaTime? { machine.loopPlan?.groupDuration }

    /// The wall's clock now (the leader's, on a follower): what `timeline`'s instants and the
    /// instant `follow` returns are read against.
    package var clockTime: MediaTime { MediaTime(clock.time) }

    /// Where the wall's media stands on its clock now: the frame at `position` shown at
    /// `instant` (read from the tile with the latest frame on screen), moving at its rate
    /// while it plays. Nil while no tile shows a frame.
    package var timeline: WallTimeline? {
        guard let (position, runningTime) = joinTarget(lead: .zero) else { return nil }
        if transport == .playing, let base = machine.baseTime {
            return WallTimeline(isPlaying: true, position: position, instant: base + runningTime, rate: rate, isLooping: isLooping, loopLength: loopLength,
                                clock: clockName, items: playlistItems, itemStarts: playlistItemStarts, pauseAt: machine.scheduledPause)
        }
        return WallTimeline(isPlaying: false, position: position, instant: MediaTime(clock.time), rate: rate, isLooping: isLooping, loopLength: loopLength,
                            clock: clockName, items: playlistItems)
    }

    /// Per tile, the place in its playlist of the item it shows (nil for a tile without one);
    /// nil when no tile plays a playlist.
    package var playlistItems: [Int?]? {
        let places = slots.map { $0.player?.currentItem?.index }
        return places.contains { $0 != nil } ? places : nil
    }

    /// Per tile, the instant of the wall's clock at which the playlist item it shows started
    /// (its pipeline's base time plus its segment's running time), while the wall plays; nil
    /// for a tile without a playlist, or whose item is not placed yet; nil when no tile plays
    /// a playlist.
    package var playlistItemStarts: [MediaTime?]? {
        guard slots.contains(where: { $0.player?.playlist != nil }) else { return nil }
        return slots.map { slot in
            guard transport == .playing, let player = slot.player, player.state == .playing, let segment = player.currentItemSegment,
                  let base = player.pipeline.baseTime else { return nil }
            return MediaTime(base) + segment.base
        }
    }

    /// Pauses the playing wall at `instant` of its clock, playing until then (at once when it
    /// is past, or the wall does not play): a follower pauses where its leader said it will.
    /// A play, pause or seek meanwhile acts at once; the same instant asked again, nothing.
    package func pause(at instant: MediaTime) {
        guard machine.scheduledPause != instant else { return }
        handle(.schedulePause(at: instant))
    }

    /// The instant the wall is to pause at (`pause(at:)`), while it plays on until then.
    package var scheduledPause: MediaTime? { machine.scheduledPause }

    /// The instant the wall pauses at when paused ahead (`pauseLead`): at least `lead` from
    /// now, halfway through the showing of a frame of the tile with the shortest frames, so a
    /// follower whose timer fires a few milliseconds off stops on the same frame. `lead` from
    /// now when no tile shows a frame or says its frame rate.
    func pauseInstant(atLeast lead: MediaTime) -> MediaTime {
        let earliest = MediaTime(clock.time) + lead
        let framed = active.compactMap { tile in
            tile.asset.video?.frameDuration.flatMap { duration in tile.shownFrame.map { (duration, $0.runningTime + machine.offset(ofTile: tile.index)) } }
        }
        guard let base = machine.baseTime, rate > 0, let (duration, shownAt) = framed.min(by: { $0.0 < $1.0 }), duration > .zero else { return earliest }
        let period = duration * (1 / rate)
        // Frames of that tile start at shownAt + k periods (wall running time).
        let frames = ((earliest - base - shownAt).seconds / period.seconds - 0.5).rounded(.up)
        return base + shownAt + period * (max(0, frames) + 0.5)
    }

    /// Moves tile `index`'s running time `delta` later against the wall's (earlier, when
    /// negative): it pauses on its frame and starts again on a base time moved so, the other
    /// tiles playing on. A follower's playlist tile lines its items up on its leader's with it.
    package func shiftTile(_ index: Int, by delta: MediaTime) {
        handle(.shiftTile(index, by: delta))
    }

    /// Shows what `timeline` says, on this wall's clock (the leader's, over the network): a
    /// playing timeline is joined `lead` from now (an accurate seek to the position it will
    /// have reached then, and a start that shows it at that instant); a paused one is stood
    /// on, each playlist tile on the leader's item (`items`). A wall that is one playlist tile
    /// joins a playing leader at its next item (`joinAtNextItem`); a playlist tile among others
    /// is joined to the leader's items afterwards, on its own (`joinItems`).
    /// A leader that starts ahead of its clock (a start margin, after a resume, a seek or a new
    /// speed) is joined at its own start, missing no frame, if that is at least `seekTime`
    /// away. Returns the instant the wall joins at (nil when it stands paused, or when it did
    /// not join because the leader is about to wrap: ask again once it has).
    @discardableResult
    package func follow(_ timeline: WallTimeline, lead: Duration = .milliseconds(500), seekTime: Duration = .milliseconds(200)) async -> MediaTime? {
        // A playlist tile cannot be sought inside an item: it joins at the leader's next item,
        // unless it stands where the leader starts again (both paused on one frame).
        if timeline.isPlaying, let items = timeline.items, slots.count == 1, slots[0].player?.playlist != nil,
           !standsWhereLeaderStarts(timeline, seekTime: MediaTime(seekTime)) {
            return await joinAtNextItem(timeline, items: items)
        }
        // A looping leader's position does not go on in a straight line across its wrap, and
        // where a pass ends is not known to a frame (a clip's length counts its sound, which
        // may run on past its last picture: 43 ms in a test clip). A join that would land in
        // the last quarter second of a pass waits for the leader's next one.
        // The leader's own reading at its wrap is no better: its last frame of a pass was seen
        // paired with the next pass's running time.
        if timeline.isPlaying, timeline.isLooping, let length = timeline.loopLength ?? loopLength ?? duration,
           timeline.position >= length - Self.wrapMargin || timeline.position(at: MediaTime(clock.time) + MediaTime(lead)) >= length - Self.wrapMargin {
            return nil
        }
        // A paused leader's items: stood on from their first frames. (A playing leader's are
        // joined at its next item, tile by tile: `joinItems`.)
        if let items = timeline.items, !timeline.isPlaying {
            for (tile, place) in zip(slots.indices, items) {
                guard let place, let current = slots[tile].player?.currentItem?.index, current != place else { continue }
                try? await changeItem(ofTile: tile, to: .position(place))
            }
        }
        if abs(rate - timeline.rate) > 1e-9 { await setRate(timeline.rate) }
        if isLooping != timeline.isLooping { setLooping(timeline.isLooping) }
        pause()
        guard timeline.isPlaying else {
            await seek(to: timeline.position)
            return nil
        }
        // The position the leader reaches at its own start, or `lead` from now, moved on to the
        // next frame's start (the frame there then starts at the instant, as the leader's does;
        // a position inside a frame would show that frame late and short), nudged as a frame
        // step is.
        let now = MediaTime(clock.time)
        let startsAhead = timeline.instant >= now + MediaTime(seekTime) && timeline.instant <= now + Self.furthestStart
        let joining = startsAhead ? timeline.instant : now + MediaTime(lead)
        var target = timeline.position(at: joining)
        if let frame = active.compactMap({ $0.asset.video?.frameDuration }).min(), frame > .zero {
            let next = (target.nanoseconds + frame.nanoseconds - 1) / frame.nanoseconds * frame.nanoseconds
            target = Self.frameSeekTime(MediaTime(nanoseconds: next), frameDuration: frame)
        }
        guard let instant = timeline.instant(showing: target) else { return nil }
        // A looping leader's position past the end is where it wrapped to.
        await seek(to: timeline.wrapped(target, length: loopLength ?? duration))
        handle(.playShowingCurrentFrame(at: instant))
        return instant
    }

    /// Whether the wall stands paused on the leader's items and frame, and the leader starts
    /// ahead from there (a resume): the wall starts with it, with no seek.
    private func standsWhereLeaderStarts(_ timeline: WallTimeline, seekTime: MediaTime) -> Bool {
        let now = MediaTime(clock.time)
        guard transport == .paused, timeline.instant >= now + seekTime, timeline.instant <= now + Self.furthestStart,
              playlistItems == timeline.items, let mine = joinTarget(lead: .zero) else { return false }
        return (mine.position - timeline.position).distance(inLoopOf: .zero) < Self.sameFrame
    }

    /// Positions of one frame: within timestamp rounding (a frame at 120 fps lasts 8.3 ms).
    /// Paused, a wall's position is its frame's own time: more apart is another frame.
    package static let sameFrame = MediaTime.milliseconds(4)

    /// How soon a leader's next item may start for a follower to join it there: it opens the
    /// item and stands on its first frame meanwhile.
    static let itemJoinMargin = MediaTime.seconds(1)

    /// Joins a playing leader whose wall is one playlist tile at the start of its next item (or
    /// a later one, the first at least `itemJoinMargin` away): stands on that item's first frame
    /// and shows it at the instant the leader's item before it ends. Nil when it cannot: the
    /// leader plays another wall, its list ends there, or an item's length is not known. (A
    /// playlist tile among other tiles joins the leader's items on its own, the rest of the
    /// wall playing on: `joinItems`.)
    private func joinAtNextItem(_ timeline: WallTimeline, items: [Int?]) async -> MediaTime? {
        guard items.count == 1, let place = items[0], let sequence = slots.first?.player?.playlist,
              let shape = sequence.entry(at: place)?.entry.shape else { return nil }
        // Where the leader's item started: said, or worked out from where it stands in it.
        let said = timeline.itemStarts?.first ?? nil
        let start = said ?? timeline.instant - (timeline.position - (shape.inPoint ?? .zero)) * (1 / (shape.speed * timeline.rate))
        guard let (nextPlace, boundary) = nextItem(in: sequence, after: place, startedAt: start, rate: timeline.rate) else { return nil }
        if abs(rate - timeline.rate) > 1e-9 { await setRate(timeline.rate) }
        if isLooping != timeline.isLooping { setLooping(timeline.isLooping) }
        pause()
        do { try await changeItem(ofTile: 0, to: .position(nextPlace)) } catch { return nil }
        guard MediaTime(clock.time) < boundary else { return nil }
        handle(.playShowingCurrentFrame(at: boundary))
        return boundary
    }

    /// Joins tile `index`, a playlist tile among other tiles of a playing wall, to the leader's
    /// items: the leader's item `place` started at `start` (an instant of the shared clock).
    /// The tile opens the leader's next item (or a later one, the first at least
    /// `itemJoinMargin` away) and is moved (`shiftTile`) to start it when the leader's item
    /// before it ends, holding its first frame until then; the rest of the wall plays on.
    /// Returns the instant it starts the item at; nil when it cannot (its list ends there, an
    /// item's length is not known, or the tile did not take the item).
    @discardableResult
    package func joinItems(ofTile index: Int, leaderItem place: Int, startedAt start: MediaTime) async -> MediaTime? {
        guard transport == .playing, slots.indices.contains(index), let sequence = slots[index].player?.playlist,
              let (nextPlace, boundary) = nextItem(in: sequence, after: place, startedAt: start, rate: rate) else { return nil }
        do { try await changeItem(ofTile: index, to: .position(nextPlace)) } catch { return nil }
        // Its item now starts where it joined the wall: moved to the leader's boundary.
        guard transport == .playing, let started = playlistItemStarts?[index], MediaTime(clock.time) < boundary else { return nil }
        shiftTile(index, by: boundary - started)
        return boundary
    }

    /// The item to join after item `place` of `sequence`, which started at `start` (an instant
    /// of the wall's clock, playing at `rate`), and the instant it starts: the first item
    /// boundary at least `itemJoinMargin` from now, each item lasting its shown length. Nil
    /// when the list ends first, or an item's length is not known.
    private func nextItem(in sequence: PlaylistSequence, after place: Int, startedAt start: MediaTime, rate: Double) -> (place: Int, boundary: MediaTime)? {
        guard rate > 0, var current = sequence.entry(at: place), let length = current.entry.shownLength else { return nil }
        var boundary = start + length * (1 / rate)
        var next = sequence.entry(after: place, forward: true) ?? current
        // The start is the leader's word: the leader's current item began at most an item
        // ago, so a few steps reach now. A start far back (a hostile or broken leader, items
        // of a millisecond) is not walked for ever: past `mostJoinSteps` the tile does not join.
        var steps = 0
        while boundary < MediaTime(clock.time) + Self.itemJoinMargin {
            steps += 1
            guard steps <= Self.mostJoinSteps, let length = next.entry.shownLength, length > .zero else { return nil }
            boundary = boundary + length * (1 / rate)
            current = next
            next = sequence.entry(after: next.index, forward: true) ?? next
        }
        guard let nextPlace = next.index, sequence.goesRound || nextPlace > (current.index ?? place) else { return nil }
        return (nextPlace, boundary)
    }

    /// The most items `nextItem` steps over to find where a tile joins its leader.
    static let mostJoinSteps = 10_000

    /// Follows the leader's clock with a new client clock, and pauses the wall: a leader that
    /// restarted serves a clock from a new origin, and a client clock that saw its leader's
    /// time go backwards does not follow it again (GStreamer 1.22's stands on its last time
    /// until the leader's catches up; later versions mark it corrupted). Every tile moves onto
    /// the new clock now (`Player.useClock`); join the leader again once it synchronised
    /// (`waitForClockSync`, `follow`).
    ///
    /// GStreamer 1.22 shares one internal client clock among the client clocks of one address
    /// as written, and keeps it 60 s after the last one goes: each renewal asks under another
    /// spelling of the leader's address (`AddressSpellings`), so the new clock starts afresh.
    package func renewNetworkClock() throws {
        guard case .network(let host, let port) = configuration.clock else { return }
        pause()
        let spellings = AddressSpellings.spellings(of: host)
        clockRenewals += 1
        let bus = try Bus.make()
        let address = spellings.isEmpty ? host : spellings[clockRenewals % spellings.count]
        let renewed = try Self.networkClock(address: address, port: port, bus: bus)
        clockStatisticsWatch = nil
        clockStatistics = nil
        clock = renewed
        clockStatisticsWatch = watchClockStatistics(on: bus)
        for slot in slots { slot.player?.useClock(renewed) }
    }

    /// A client clock following the leader's at `address` and `port`, asking it ten times a
    /// second and estimating over its last 128 answers (13 s), where GStreamer asks once a
    /// second over its last 32: on a link with 3 ms of jitter, its first few answers, far
    /// apart, gave a rate 3 to 4.5 % off for a second (a frame 30 to 90 ms late).
    static func networkClock(address: String, port: Int, bus: Bus?) throws -> Clock {
        try Clock.networkClient(address: address, port: port, bus: bus, pollInterval: .milliseconds(100), window: 128)
    }

    /// Keeps `clockStatistics` up to date from the network clock's messages (main queue).
    func watchClockStatistics(on bus: Bus) -> BusWatch? {
        try? bus.addWatch { [weak self] message in
            guard case .networkClockStatistics(let figures) = message.kind else { return }
            let synced = MainActor.assumeIsolated { self?.clock.isSynced ?? false }
            let statistics = WallClockStatistics(synchronised: synced || figures.synchronised, roundTrip: MediaTime(nanoseconds: figures.roundTripAverage),
                                                 offset: MediaTime(nanoseconds: figures.localClockOffset),
                                                 minimumError: MediaTime(nanoseconds: figures.remoteMinimumError),
                                                 maximumError: MediaTime(nanoseconds: figures.remoteMaximumError))
            MainActor.assumeIsolated { self?.clockStatistics = statistics }
        }
    }
}
