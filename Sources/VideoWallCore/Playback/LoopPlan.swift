/// How one tile takes part in group looping.
public enum LoopMethod: Sendable, Equatable {
    /// As long as the group (within one of its frame periods): the same media is queued again at
    /// about-to-finish, so it loops without a seek or a visible stall.
    case gapless
    /// Shorter than the group: holds its last frame and is restarted when the group wraps.
    case rearmAtWrap
    /// Unknown duration (live): not looped.
    case none
}

/// Group looping: all tiles restart together every `groupDuration`, the longest known duration.
public struct LoopPlan: Sendable, Equatable {
    /// Used when a tile's frame duration is unknown: a bit more than one frame at 25 fps.
    public static let defaultTolerance = MediaTime.milliseconds(50)

    public let durations: [MediaTime?]
    public let frameDurations: [MediaTime?]
    /// nil when no tile has a known positive duration: nothing can loop.
    public let groupDuration: MediaTime?

    public static func make(durations: [MediaTime?], frameDurations: [MediaTime?]) -> LoopPlan {
        let known = durations.compactMap { $0 }.filter { $0 > .zero }
        return LoopPlan(durations: durations, frameDurations: frameDurations, groupDuration: known.max())
    }

    private init(durations: [MediaTime?], frameDurations: [MediaTime?], groupDuration: MediaTime?) {
        self.durations = durations
        self.frameDurations = frameDurations
        self.groupDuration = groupDuration
    }

    public func method(forTile tile: Int) -> LoopMethod {
        guard durations.indices.contains(tile), let duration = durations[tile], duration > .zero,
              let groupDuration else { return .none }
        let frame = frameDurations.indices.contains(tile) ? frameDurations[tile] : nil
        let tolerance = frame.flatMap { $0 > .zero ? $0 : nil } ?? Self.defaultTolerance
        return groupDuration - duration <= tolerance ? .gapless : .rearmAtWrap
    }

    /// The running time at which pass `loop` of the group starts: 0 for the first pass, then
    /// `loop` x `groupDuration`. nil for a negative pass or when nothing loops.
    public func wrapRunningTime(loop: Int) -> MediaTime? {
        guard loop >= 0, let groupDuration else { return nil }
        let (product, overflow) = groupDuration.nanoseconds.multipliedReportingOverflow(by: Int64(loop))
        return overflow ? nil : MediaTime(nanoseconds: product)
    }
}
