import VideoWallCore

/// Whether the window is drawn as often as its tiles' frames change: the frame clock ticks
/// about as often as the screen refreshes while painting keeps up, and less often when drawing
/// a frame takes longer than a refresh. When the tiles' sinks keep up (the engine's overload
/// meter sees nothing) but the window is drawn clearly less often than the fastest tile renders
/// frames, the display (painting, the X server or the compositor) is what cannot keep up.
/// (Frames the wall itself skips to keep its tiles on one instant do not count against it.)
/// Pure, on the cumulative counts and instants it is given, a sample about a second.
public struct DisplayPace: Sendable {
    /// How often the window was drawn, against the fastest tile's frames, per second.
    public struct Figure: Sendable, Equatable {
        /// The fastest tile (from 0).
        public var tile: Int
        public var drawnPerSecond: Double
        public var framesPerSecond: Double

        /// "the display cannot keep up: the window is drawn 18 times a second for tile 4's 24 frames".
        public var sentence: String {
            String(format: "the display cannot keep up: the window is drawn %.0f times a second for tile %d's %.0f frames",
                   drawnPerSecond, tile + 1, framesPerSecond)
        }
    }

    public private(set) var slow: Figure?
    private var samples: [(seconds: Double, ticks: UInt64, rendered: [UInt64])] = []
    private let window: Double
    private let enterBelow: Double
    private let leaveAbove: Double
    /// Frames a second the screen can show at most (its refresh rate): a wall played faster
    /// than that (a 30 fps clip at 4x) cannot be drawn frame for frame, and is not slow for it.
    private let refreshRate: Double

    public init(window: Double = 3, enterBelow: Double = 0.85, leaveAbove: Double = 0.95, refreshRate: Double = 60) {
        self.window = window
        self.enterBelow = enterBelow
        self.leaveAbove = leaveAbove
        self.refreshRate = refreshRate
    }

    /// Takes the window's frame-clock ticks and every tile's frames rendered (cumulative) at
    /// `seconds` (any clock); returns true when the verdict changed.
    @discardableResult
    public mutating func sample(ticks: UInt64, rendered: [UInt64], at seconds: Double) -> Bool {
        if let last = samples.last, last.rendered.count != rendered.count || seconds <= last.seconds || ticks < last.ticks { samples.removeAll() }
        samples.append((seconds, ticks, rendered))
        while samples.count > 2, seconds - samples[1].seconds >= window { samples.removeFirst() }
        guard let first = samples.first, seconds - first.seconds >= window else { return false }
        let span = seconds - first.seconds
        let fastest = zip(first.rendered, rendered).enumerated()
            .map { tile, counts in (tile: tile, rate: counts.1 >= counts.0 ? Double(counts.1 - counts.0) / span : 0) }
            .max { $0.rate < $1.rate }
        let was = slow
        slow = nil
        // Tiles holding a frame, or still pictures, give the window nothing to draw.
        if let fastest, fastest.rate >= 5 {
            let due = min(fastest.rate, refreshRate)
            let drawn = Double(ticks - first.ticks) / span
            if drawn < due * (was == nil ? enterBelow : leaveAbove) {
                slow = Figure(tile: fastest.tile, drawnPerSecond: drawn, framesPerSecond: fastest.rate)
            }
        }
        return (was == nil) != (slow == nil)
    }

    /// Play stopped or jumped (a pause, a seek, an overload the engine names): start again.
    @discardableResult
    public mutating func reset() -> Bool {
        samples.removeAll()
        let was = slow != nil
        slow = nil
        return was
    }
}
