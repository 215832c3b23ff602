/// A group seek in flight. Every tile is paused and settled first; then, for a key-frame seek,
/// the longest tile goes to its key frame (the leader) and the others follow it accurately to
/// where it landed; an accurate seek sends every tile to the target at once. After a flush
/// every tile's running time restarts at 0, so one new base time puts them on the same frame.
struct GroupSeek: Sendable, Equatable {
    enum Step: Sendable, Equatable {
        /// Waiting for these tiles to settle in PAUSED.
        case settling(Set<Int>)
        /// Waiting for the leader's key-frame seek.
        case leader(Int, ticket: Int)
        /// Waiting for these tiles' seeks (tile to ticket).
        case following([Int: Int])
    }

    var request: SeekRequest
    var step: Step
    /// The tiles taking part when the seek began.
    var tiles: [Int]
    /// Where the followers go: the request's target, or the frame the leader landed on.
    var target: MediaTime
    /// The wall's position while the seek runs.
    var shownTarget: MediaTime
    /// The furthest position the settled tiles showed: whether a key-frame seek goes forward.
    var startPosition: MediaTime?
    var seekable: [Int] = []
    var refused: [Int] = []
    var leader: Int?
    /// Per tile sought, how long (running time) it waits on its first frame: its offset puts
    /// the target before its start.
    var waits: [Int: MediaTime] = [:]
}
