/// Leaves out a frame that repeats the presentation time of the frame before it. Some files
/// carry runs of coded frames stamped with one time (a Matroska file cut from a longer one has
/// 58 blocks at 2.28 s): only one of them can be on screen at that moment, the rest come
/// after their time and a sink drops them as late, which read as a machine that cannot keep
/// up and put the whole wall on key frames. Bare playbin renders the run in a burst; either
/// way the screen shows one picture for that time.
///
/// Pure: the engine asks it about every frame entering a tile's picture chain, and tells it
/// when a segment starts (a seek, a loop's pass), after which any time may come.
package struct RepeatedFrameFilter: Sendable {
    private var last: MediaTime?
    /// Frames left out so far.
    package private(set) var repeated = 0
    /// How far apart the last two frames let through were (forward), nil until two came in
    /// one segment: how long the stream's last frame stands, where its buffer says less (a
    /// 1 fps stream whose caps say 25).
    package private(set) var lastInterval: MediaTime?

    package init() {}

    /// Whether a frame stamped `presentationTime` goes on (one without a time always does).
    package mutating func admits(presentationTime: MediaTime?) -> Bool {
        guard let presentationTime else { return true }
        if presentationTime == last {
            repeated += 1
            return false
        }
        if let last, presentationTime > last { lastInterval = presentationTime - last }
        last = presentationTime
        return true
    }

    package mutating func segmentStarted() {
        last = nil
    }
}
