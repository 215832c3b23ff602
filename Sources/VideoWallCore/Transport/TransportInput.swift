/// Everything that moves the wall's transport: what the user asks for, what the tiles report,
/// and timers going off. Tiles are named by their slot index.
package enum TransportInput: Sendable, Equatable {
    // MARK: Asked for
    case play
    /// Play so that where the wall stands is shown at this instant of the clock (not a start
    /// margin from now): a follower of a wall on another machine starts on the leader's
    /// timeline (AVFoundation's `setRate(_:time:atHostTime:)`). An instant already past
    /// starts the wall that far in, as a late tile joins.
    case playShowingCurrentFrame(at: MediaTime)
    /// One tile's running time moves this much later against the wall's (earlier, when
    /// negative): it pauses on its frame and starts again on a base time moved so. A
    /// follower's playlist tile lines its items up on its leader's with it. Ignored unless
    /// the wall plays with no seek running and the tile takes part.
    case shiftTile(Int, by: MediaTime)
    case pause
    /// Pause at an instant ahead (on the wall's clock), playing until then
    /// (`WallTransport+ScheduledPause`).
    case schedulePause(at: MediaTime)
    /// A group seek now (a seek, a step, a speed change: a request with a rate).
    case seek(SeekRequest)
    /// A seek while the user drags: throttled, the last request wins.
    case requestSeek(SeekRequest)
    /// The drag ended: the held request goes now, and with `thenPlay` the wall plays again.
    case finishSeeking(thenPlay: Bool)
    case setLooping(Bool)
    /// A tile's offset (positive: it plays that much later). It takes effect at the next
    /// group seek; while loading, at the seek that starts the wall.
    case setOffset(Int, MediaTime)
    /// The wall loops from A to B (mpv's A-B loop), or no longer (nil). `position` is where the
    /// wall stands: clearing the loop goes on from there.
    case setABLoop(Range<MediaTime>?, position: MediaTime)

    // MARK: Loading
    /// The wall's slots, by index: a tile that is prerolling, or nil for one refused at once.
    case load([TileProfile?])
    /// A tile prerolled. `leadIn` is where its first frame sits on its own timeline (an
    /// MPEG-TS muxer's offset), which its base time makes up for.
    case tilePrerolled(Int, leadIn: MediaTime)
    /// The discoverer described a tile's source.
    case tileDescribed(Int, TileProfile)
    /// A tile's running time restarted at 0 where it stood (it went into segment mode).
    case tileRestartedAtZero(Int)
    /// The engine has done what loading needs after the prerolls: the wall stands ready.
    case wallLoaded

    // MARK: Reported by tiles
    /// A tile asked to `settle` is paused and settled, showing `position`.
    case tileSettled(Int, position: MediaTime?)
    /// The seek with this ticket is done (its preroll came); `landedAt` is the position shown.
    case tileSeekDone(Int, ticket: Int, landedAt: MediaTime?)
    case tileEnded(Int)
    case tileBuffering(Int, percent: Int)
    /// A tile failed (an error, a refused source, a timeout): the rest go on without it.
    case tileFailed(Int)
    /// A failed tile tries its source again (`RecoveryPolicy`): it is left out like a late
    /// tile until it is ready, then joins the wall where the wall is.
    case tileRetrying(Int)
    /// A tile plays another source (the same pipeline, a new URI, described by `profile`): it
    /// leaves the group and joins again like a late tile once it is ready.
    case tileReplaced(Int, TileProfile)
    /// A late tile, asked to `join`, is ready where the wall will be: its running time 0 is the
    /// wall's `runningTime` then (nil: it plays from where it stands, starting now).
    case tileJoined(Int, runningTime: MediaTime?)
    /// A tile lost the shared clock (an audio clock provider left).
    case clockLost(Int)
    /// The suspension watch's periodic tick, with how far the tiles' pictures have got on the
    /// wall's running time (the end of the latest frame shown), if any shows one.
    case suspensionTick(reached: MediaTime?)
    case timerFired(TransportTimer)
}

/// The timers the transport arms; at most one of each runs.
package enum TransportTimer: Hashable, Sendable {
    /// The held drag seek is due.
    case throttle
    /// Loading stops waiting for prerolls (the start bound).
    case startBound
    /// A group seek's step has waited as long as a preroll may take.
    case seekStep
    /// A tile's own seek (a re-arm or a restart at its end) has waited as long as a preroll may take.
    case tileSeek(Int)
    /// A scheduled pause is due.
    case scheduledPause
    /// The group has waited as long as it waits for a tile short of data.
    case bufferingHold
}
