/// The transport's timings.
package struct TransportConfiguration: Sendable, Equatable {
    /// Time between "play" and the first frame, so every tile is PLAYING before it is due.
    package var startMargin = MediaTime.milliseconds(5)
    /// Drag seeks are throttled to one per this interval (the last request wins).
    package var seekInterval = MediaTime.milliseconds(500)
    /// The longest a tile may take to preroll (after loading, a seek or a re-arm) before it fails.
    package var prerollTimeout = MediaTime.seconds(20)
    /// The longest the wall waits for its tiles after the first is ready: the rest join later.
    package var startTimeout = MediaTime.seconds(3)
    /// How far ahead of the wall a tile that missed a wrap joins the pass under way: time for
    /// its seek to preroll, so the frame it is sought to is not late when it is due.
    package var passJoinLead = MediaTime.milliseconds(500)
    /// Whether the whole group loops at the longest tile's end, to begin with.
    package var groupLoop = false
    /// How often the engine sends `suspensionTick`, and how late a tick must be to count as
    /// the process standing still.
    package var suspensionTickInterval = MediaTime.milliseconds(100)
    package var suspensionThreshold = MediaTime.milliseconds(750)
    /// How long the group waits for a tile short of data before that tile leaves it, and the
    /// others play on (`--buffering-hold`); nil: as long as it takes.
    package var bufferingHold: MediaTime?

    package init() {}
}
