import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine
import VideoWallRemote

/// A wall's part in a wall across machines (`videowall lead`, `videowall follow`).
enum WallRole {
    /// Serves the wall's clock on `clockPort` (UDP) and the remote-control protocol on
    /// `controlPort` (TCP), on the addresses and for the keys `access` says.
    case lead(clockPort: Int, controlPort: Int, access: LeaderAccess)
    /// Runs on the clock the leader at `host` serves on `clockPort`, and follows its timeline,
    /// read from its control port; `wall` is what the leader said it plays; `screen` the
    /// canvas screen it shows (`--screen`), named in its reports to the leader; `key` the wall
    /// key it proves (and the leader must prove back); `mediaRoot` the folder local files the
    /// leader names must be in (`--media-root`), new playlists' included.
    case follow(host: String, controlPort: Int, clockPort: Int, wall: LeaderWall, screen: String?, key: WallKey?, mediaRoot: String?)

    static let defaultClockPort = 9637
    static let defaultControlPort = 9638

    /// Whether it follows a leader (whose timeline pauses and plays it).
    var isFollower: Bool {
        if case .follow = self { return true }
        return false
    }
}

/// Where a leader listens and whom it lets in: loopback only unless a key is given
/// (`--control-address`, `--clock-address`, `--wall-key-file`, `--control-key-file`).
struct LeaderAccess {
    var controlAddress: String
    var clockAddress: String
    var keys: ControlPortAccess
}

/// What a follower reads from its leader before it starts.
struct LeaderWall: Sendable, Equatable {
    var sources: [String]
    var clockPort: Int
    var layout: SharedLayout?

    /// Whether it is the same wall as `other` (the same sources in the same layout), wherever
    /// its clock is served.
    func plays(_ other: LeaderWall) -> Bool { sources == other.sources && layout == other.layout }
}

/// The live side of a `WallRole` once the wall is loaded: a leader's control port, or a
/// follower's watch on its leader.
@MainActor
enum WallLink {
    /// Starts the leader's control port (before the wall loads, as `--input-ipc-server`).
    /// `plan`: the layout the followers are told (`wall-layout`).
    static func startLeading(_ role: WallRole?, wall: Wall, plan: TilePlan?, stop: SessionStop) async throws(IPCSocketError) -> WallRemote? {
        guard case .lead(_, let controlPort, let access)? = role else { return nil }
        let remote = try await WallRemote.start(tcpPort: controlPort, address: access.controlAddress, access: access.keys, wall: wall)
        remote.sharedLayout = plan?.shared
        remote.timeline = { [weak wall] in wall?.timeline?.json }
        remote.onRefusal = { Console.warning("lead: \($0)") }
        remote.onFollowerChange = { name, change in
            switch change {
            case .joined: Console.note("lead: \(name) follows")
            case .cannotKeepUp(let figure):
                Console.warning(String(format: "lead: %@ cannot keep up: its slowest tile shows %.0f of %.0f frames per second",
                                       name, figure.shownPerSecond, figure.duePerSecond))
            case .keepsUpAgain: Console.note("lead: \(name) keeps up again")
            case .left: Console.note("lead: \(name) left")
            }
        }
        stop.whenStopping { [weak remote] in remote?.stop() }
        return remote
    }

    /// A follower, once loaded: waits for its clock to follow the leader's, joins the leader's
    /// timeline, then looks at it ten times a second (`pollInterval`) and joins again when it
    /// moved otherwise than this wall did (a pause, a seek, a new speed, a loop turned on or
    /// off), and keeps its playlist tiles on the leader's items (`align`). A leader that does
    /// not answer is said once; the wall holds its frame until it answers again.
    ///
    /// A leader that restarted serves a clock from a new origin under a new name: the follower
    /// takes it up with a new client clock (`renewNetworkClock`), and joins again once that
    /// one synchronised. A restarted leader that plays another wall (other sources or layout)
    /// ends the follower with status 3, to be started afresh.
    static func follow(_ role: WallRole?, wall: Wall, stop: SessionStop) async {
        guard case .follow(let host, let controlPort, _, var expected, let screen, let key, let mediaRoot)? = role else { return }
        guard await settleClock(wall) else {
            Console.error("follow: the clock of \(TerminalText.quoted(host)) did not synchronise within 10 s")
            stop.stop(.remoteQuit(code: ExitStatus.remoteUnreachable.rawValue))
            return
        }
        var lost = false
        var leaderClock: String?
        // Each playlist tile against the leader's items, and the instant a tile joins the
        // leader's next item at, looked at soon after (its start then lined up at once).
        var alignment = ItemAlignment()
        var itemJoin: MediaTime?
        // The instant the wall's last join (`Wall.follow`) starts at, until its first look.
        var joining: MediaTime?
        // The paused timeline last stood on, and how many times.
        var stoodOn: WallTimeline?
        var standings = 0
        let leader = ControlPortConnection(host: host, port: controlPort, key: key, timeout: .seconds(2))
        let machine = hostName()
        var lastReport = ContinuousClock.now - reportInterval
        var lastLayoutRead = ContinuousClock.now
        while stop.reason == nil {
            var read: WallTimeline?
            switch await leaderTimeline(over: leader) {
            case .success(let timeline):
                read = timeline
                if lost { Console.note("follow: the leader answers again: joining it"); lost = false }
                if let name = timeline.clock, let known = leaderClock, name != known {
                    Console.note("follow: the leader restarted (a new clock): synchronising with it again")
                    guard case .success(let now) = await leaderWall(host: host, port: controlPort, key: key), now.plays(expected) else {
                        Console.error("follow: the restarted leader plays another wall (its sources or layout changed): stopping; start the follower again to follow it")
                        stop.stop(.remoteQuit(code: ExitStatus.remoteUnreachable.rawValue))
                        return
                    }
                    do { try wall.renewNetworkClock() } catch {
                        Console.warning("follow: cannot make a new clock for the leader (\(error)); trying again")
                        await MainLoop.sleep(seconds: 0.5)
                        continue
                    }
                    leaderClock = nil
                    if !(await settleClock(wall)) {
                        Console.warning("follow: the leader's new clock did not synchronise within 10 s; joining it as it is")
                    }
                    continue  // its timeline, read again now that the clock follows it
                }
                leaderClock = timeline.clock
                // A pause the leader scheduled: paused at the same instant, on the same frame.
                if let pauseAt = timeline.pauseAt, wall.transport == .playing {
                    // Heard after its instant (a busy machine or link): paused at once, a few
                    // frames past the leader's, and stood on its frame at the next read.
                    if wall.scheduledPause != pauseAt, case let late = (wall.clockTime - pauseAt).seconds, late > 0 {
                        Console.warning(String(format: "follow: the leader's pause reached this wall %.2f s after its instant: pausing now and standing on the leader's frame", late))
                    }
                    wall.pause(at: pauseAt)
                }
                // Until the instant a join starts at, the wall shows no frame of the new start to
                // compare: looked at before, it would seem apart and join again, for ever. (A
                // playlist joins at the leader's next item: up to an item away.) The leader is
                // still read meanwhile, ten times a second: a pause it schedules then is kept to.
                if let instant = joining, (instant - wall.clockTime).seconds + firstLook > 0 {
                    break
                }
                joining = nil
                // A paused leader stood on a few times and still apart (a tile that cannot seek,
                // a playlist's): standing on it again would only seek again, ten times a second.
                if timeline.isPlaying || stoodOn?.position != timeline.position || stoodOn?.items != timeline.items {
                    stoodOn = timeline.isPlaying ? nil : timeline
                    standings = 0
                }
                if needsJoining(wall, timeline) && standings < pausedJoins {
                    if !timeline.isPlaying { standings += 1 }
                    if let instant = await wall.follow(timeline) {
                        for tile in (wall.playlistItems ?? []).indices { alignment.joining(tile: tile, until: instant) }
                        joining = instant
                    }
                } else if let instant = await align(wall, on: timeline, with: &alignment) {
                    itemJoin = instant
                }
            case .failure(let problem):
                if !lost { Console.warning("follow: lost the leader (\(problem.description)): holding the frame on screen") }
                lost = true
                wall.pause()
            }
            var next = pollInterval
            if let instant = itemJoin {
                let wait = (instant - wall.clockTime).seconds + firstLook
                if wait <= 0 { itemJoin = nil } else { next = min(next, wait) }
            }
            if let instant = joining { next = max(0, min(next, (instant - wall.clockTime).seconds + firstLook)) }
            // The report goes between two reads, in the time the loop waits anyway (not while
            // a join's first look is due).
            if let read, itemJoin == nil, joining == nil, ContinuousClock.now - lastReport >= reportInterval {
                lastReport = ContinuousClock.now
                await report(report(of: wall, against: read, screen: screen, host: machine), over: leader)
                next = max(0, next - (ContinuousClock.now - lastReport).inSeconds)
            }
            // The leader's layout, read again once a second: a playlist saved on its web page
            // (or read again on SIGHUP) is taken up here too.
            if read != nil, itemJoin == nil, joining == nil, expected.layout != nil, ContinuousClock.now - lastLayoutRead >= layoutInterval {
                lastLayoutRead = ContinuousClock.now
                if case .success(let shared?) = await leaderLayout(over: leader), shared != expected.layout {
                    await takeUp(shared, of: &expected, wall: wall, mediaRoot: mediaRoot)
                }
                next = max(0, next - (ContinuousClock.now - lastLayoutRead).inSeconds)
            }
            await MainLoop.sleep(seconds: next)
        }
    }

    /// How often a follower reads its leader's layout (`wall-layout`), for a new playlist.
    static let layoutInterval = Duration.seconds(1)

    /// The leader's layout changed while it plays (a region's playlist saved from its web page,
    /// or read again on SIGHUP): each playlist tile whose list changed plays the new one from
    /// its next item boundary, as the leader's tile does. A list naming what this machine does
    /// not allow (`LeaderTrust`) is refused with a line each, and the tiles play on as they were;
    /// other changes (regions placed anew) wait for the next start, as on the leader.
    private static func takeUp(_ shared: SharedLayout, of expected: inout LeaderWall, wall: Wall, mediaRoot: String?) async {
        defer { expected.layout = shared }
        guard let known = expected.layout, known.regions == shared.regions,
              let before = try? TilePlan.following(known, sources: expected.sources),
              let after = try? TilePlan.following(shared, sources: expected.sources),
              before.layout.regions.map(\.frame) == after.layout.regions.map(\.frame) else {
            Console.warning("follow: the leader's layout changed; what changed besides its playlists takes effect at the next start")
            return
        }
        let changed = after.tiles.indices.filter { after.tiles[$0].regionSpec.playlist != before.tiles[$0].regionSpec.playlist && wall.playsPlaylist(tile: $0) }
        let refused = changed.flatMap { LeaderTrust.sources(of: after, leaderSources: expected.sources, tiles: [$0]) }.compactMap { source in
            LeaderTrust.refusal(of: source, mediaRoot: mediaRoot).map { "follow: the leader's new playlist names \(TerminalText.quoted(SourceSchemes.redacted(source))): \($0)" }
        }
        guard refused.isEmpty else {
            refused.forEach { Console.error($0) }
            Console.error("follow: the tiles play their lists as they were")
            return
        }
        let specs = after.specs(mute: false)
        for tile in changed {
            do {
                let skipped = try await wall.reloadPlaylist(ofTile: tile, from: specs[tile])
                skipped.forEach { Console.warning("tile \(tile + 1): " + $0) }
                Console.note("follow: tile \(tile + 1) plays the leader's new playlist from its next item")
            } catch {
                Console.error("follow: tile \(tile + 1): \(error); its playlist plays on as it was")
            }
        }
    }

    /// The leader's `wall-layout`, asked for off the main thread over the connection the
    /// follower keeps open; nil inside when the leader has no layout file.
    nonisolated static func leaderLayout(over leader: ControlPortConnection) async -> Result<SharedLayout?, IPCSocketError> {
        await Task.detached { () -> Result<SharedLayout?, IPCSocketError> in
            do throws(IPCSocketError) {
                let reply = try leader.request([.string("get_property"), .string("wall-layout")])
                guard reply.succeeded else { return .success(nil) }
                guard let data = reply.data, let shared = SharedLayout(json: data) else {
                    return .failure(IPCSocketError(description: "the leader's layout is unreadable"))
                }
                return .success(shared)
            } catch { return .failure(error) }
        }.value
    }

    /// How soon after a join's instant the follower reads the leader again: its first frames
    /// are compared then, and a playlist item that started a few milliseconds off (its
    /// boundary worked out from lengths) is moved at once rather than a poll later (three
    /// frames at 24 fps).
    static let firstLook = 0.03

    /// How often a follower reads its leader's timeline: a pause, a seek or a new speed reaches
    /// it this late at most (plus the link's delay), and it joins half a second after that.
    static let pollInterval = 0.1

    /// How many times a follower stands on one paused frame of its leader's before it lets
    /// a difference be (a tile that cannot seek there).
    static let pausedJoins = 3

    /// Waits for the wall's clock to synchronise with the leader's (at most 10 s), then 1 s
    /// more: synchronised is said after the first answers, and the estimate settles over the
    /// next ten or so (`Wall.networkClock`, ten a second): joined at once, a follower
    /// was seen 12 ms off its leader until its clock moved (with GStreamer's one a second, it
    /// took 2 s).
    private static func settleClock(_ wall: Wall) async -> Bool {
        guard await wall.waitForClockSync(timeout: .seconds(10)) else { return false }
        await MainLoop.sleep(seconds: 1)
        return true
    }

    /// Whether the wall shows something else than the leader's timeline says: another state or
    /// speed, or the same frame more than `rejoinThreshold` apart (a seek). Smaller differences
    /// are the clock's estimate moving (the pipeline follows the clock as it is corrected);
    /// joining again for them would cost frames: at 2 ms, on a link with 3 ms of jitter, 1 % of
    /// the frames came 95 ms late.
    private static func needsJoining(_ wall: Wall, _ leader: WallTimeline) -> Bool {
        guard let mine = wall.timeline else { return true }
        if mine.isPlaying != leader.isPlaying || mine.isLooping != leader.isLooping || abs(mine.rate - leader.rate) > 1e-9 { return true }
        // A wall that is one playlist tile has no position of its own but its item's: kept to the
        // leader's by its items' starts (`align`), not by position.
        if leader.isPlaying, let items = wall.playlistItems, items.count == 1, items[0] != nil, mine.isPlaying { return false }
        guard let apart = distance(of: mine, from: leader, wall) else { return true }
        return apart > (leader.isPlaying ? rejoinThreshold : Wall.sameFrame)
    }

    /// How far `mine` is from the leader's timeline, both on one state and speed: playing, the
    /// instants the two show the same frame at; paused, the frames' positions. Looping, the two
    /// may have been read either side of a wrap: a whole loop apart is together.
    static func distance(of mine: WallTimeline, from leader: WallTimeline, _ wall: Wall) -> MediaTime? {
        guard mine.isPlaying == leader.isPlaying, abs(mine.rate - leader.rate) <= 1e-9 else { return nil }
        let length = leader.isLooping ? leader.loopLength ?? wall.loopLength ?? wall.duration : nil
        guard leader.isPlaying else { return (mine.position - leader.position).distance(inLoopOf: length ?? .zero) }
        guard let theirs = leader.instant(showing: mine.position) else { return nil }
        return (theirs - mine.instant).distance(inLoopOf: length.map { $0 * (1 / leader.rate) } ?? .zero)
    }

    static let rejoinThreshold = MediaTime.milliseconds(20)

    /// Keeps each playlist tile on the leader's items (`ItemAlignment`): a tile whose item
    /// started a few milliseconds off the leader's is moved by that much (a join at an item
    /// boundary works the boundary out from the items' lengths, and where the leader's pipeline
    /// placed it may differ: a copy's sound may end a little after its picture, Matroska keeps
    /// milliseconds); one on another item joins the leader's next one. Returns the instant a
    /// tile joins the leader's next item at, when one does.
    private static func align(_ wall: Wall, on leader: WallTimeline, with alignment: inout ItemAlignment) async -> MediaTime? {
        var joiningAt: MediaTime?
        let steps = alignment.steps(leader: leader, items: wall.playlistItems, starts: wall.playlistItemStarts, now: wall.clockTime)
        for step in steps {
            switch step {
            case .shift(let tile, let gap):
                Console.note(String(format: "follow: lining tile %d's items up on the leader's (%.2f ms)", tile + 1, gap.seconds * 1000))
                wall.shiftTile(tile, by: gap)
            case .join(let tile, let item, let start):
                if let instant = await wall.joinItems(ofTile: tile, leaderItem: item, startedAt: start) {
                    alignment.joining(tile: tile, until: instant)
                    joiningAt = min(joiningAt ?? instant, instant)
                }
            }
        }
        return joiningAt
    }

    /// The leader's `wall-timeline`, asked for off the main thread over the connection the
    /// follower keeps open (one round trip per answer; it connects again after a failure).
    nonisolated static func leaderTimeline(over leader: ControlPortConnection) async -> Result<WallTimeline, IPCSocketError> {
        await Task.detached { () -> Result<WallTimeline, IPCSocketError> in
            do throws(IPCSocketError) {
                let reply = try leader.request([.string("get_property"), .string("wall-timeline")])
                guard reply.succeeded, let data = reply.data, let timeline = WallTimeline(json: data) else {
                    return .failure(IPCSocketError(description: "its timeline is unreadable (\(reply.error))"))
                }
                return .success(timeline)
            } catch { return .failure(error) }
        }.value
    }

    /// What a follower asks the leader before it starts: the sources, the clock's port and the
    /// layout (when the leader was given one).
    nonisolated static func leaderWall(host: String, port: Int, key: WallKey?) async -> Result<LeaderWall, IPCSocketError> {
        await Task.detached { () -> Result<LeaderWall, IPCSocketError> in
            do throws(IPCSocketError) {
                let leader = ControlPortConnection(host: host, port: port, key: key, timeout: .seconds(5))
                let sources = try leader.request([.string("get_property"), .string("wall-sources")])
                let clock = try leader.request([.string("get_property"), .string("clock-port")])
                let layout = try leader.request([.string("get_property"), .string("wall-layout")])
                guard case .array(let list)? = sources.data, !list.isEmpty, list.count <= LayoutParser.maximumRegionCount else {
                    return .failure(IPCSocketError(description: "the leader names no sources (\(sources.error))"))
                }
                let names = list.compactMap(\.stringValue).filter { !$0.isEmpty && $0.utf8.count <= 4096 }
                guard names.count == list.count else { return .failure(IPCSocketError(description: "the leader's sources are unreadable")) }
                guard let number = clock.data?.doubleValue, number == number.rounded(), (1...65535).contains(number) else {
                    return .failure(IPCSocketError(description: "the leader serves no clock (\(clock.error))"))
                }
                // Unavailable: the leader has no layout file (it chose one by the number of sources).
                var shared: SharedLayout?
                if layout.succeeded {
                    guard let data = layout.data, let readable = SharedLayout(json: data) else {
                        return .failure(IPCSocketError(description: "the leader's layout is unreadable"))
                    }
                    shared = readable
                }
                return .success(LeaderWall(sources: names, clockPort: Int(number), layout: shared))
            } catch { return .failure(error) }
        }.value
    }
}
