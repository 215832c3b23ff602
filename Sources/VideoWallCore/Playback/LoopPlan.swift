/// How one tile takes part in group looping.
package enum LoopMethod: Sendable, Equatable {
    /// As long as the group (within one of its frame periods): the same media is queued again at
    /// about-to-finish, so it loops without a seek or a visible stall.
    case gapless
    /// Shorter than the group: holds its last frame and is restarted when the group wraps.
    case rearmAtWrap
    /// Unknown duration (live): not looped.
    case none
}

/// Group looping: all tiles restart together every `groupDuration`, the longest known duration.
package struct LoopPlan: Sendable, Equatable {
    /// Used when a tile's frame duration is unknown: a bit more than one frame at 25 fps.
    package static let defaultTolerance = MediaTime.milliseconds(50)

    /// How much shorter than the group a tile that can hold its passes (`holdsToWrap`) may be
    /// and still loop gaplessly, holding its last frame until the wrap: a re-arm (a flushing
    /// seek and a preroll) cannot be done in the time it has before the wrap.
    package static let heldShortfallLimit = MediaTime.milliseconds(500)

    package let durations: [MediaTime?]
    package let frameDurations: [MediaTime?]
    /// Which tiles can make each pass last as long as the group (local media, looped by
    /// segment seeks); a tile missing here cannot.
    package let holdsToWrap: [Bool]
    /// nil when no tile has a known positive duration: nothing can loop.
    package let groupDuration: MediaTime?

    package static func make(durations: [MediaTime?], frameDurations: [MediaTime?], holdsToWrap: [Bool] = []) -> LoopPlan {
        let known = durations.compactMap { $0 }.filter { $0 > .zero }
        return LoopPlan(durations: durations, frameDurations: frameDurations, holdsToWrap: holdsToWrap, groupDuration: known.max())
    }

    private init(durations: [MediaTime?], frameDurations: [MediaTime?], holdsToWrap: [Bool], groupDuration: MediaTime?) {
        self.durations = durations
        self.frameDurations = frameDurations
        self.holdsToWrap = holdsToWrap
        self.groupDuration = groupDuration
    }

    package func method(forTile tile: Int) -> LoopMethod {
        guard durations.indices.contains(tile), let duration = durations[tile], duration > .zero,
              let groupDuration else { return .none }
        let frame = frameDurations.indices.contains(tile) ? frameDurations[tile] : nil
        let tolerance = frame.flatMap { $0 > .zero ? $0 : nil } ?? Self.defaultTolerance
        if groupDuration - duration <= tolerance { return .gapless }
        return holds(tile) && groupDuration - duration <= Self.heldShortfallLimit ? .gapless : .rearmAtWrap
    }

    /// How long each pass of a gapless tile that can hold lasts: the group's length, so a tile
    /// a little shorter than the group holds its last frame until the wrap and never drifts
    /// from it. nil for a tile that loops at its own end, or is not gapless.
    package func heldPassLength(forTile tile: Int) -> MediaTime? {
        guard holds(tile), method(forTile: tile) == .gapless else { return nil }
        return groupDuration
    }

    private func holds(_ tile: Int) -> Bool { holdsToWrap.indices.contains(tile) && holdsToWrap[tile] }

    /// The running time at which pass `loop` of the group starts: 0 for the first pass, then
    /// `loop` x `groupDuration`. nil for a negative pass or when nothing loops.
    package func wrapRunningTime(loop: Int) -> MediaTime? {
        guard loop >= 0, let groupDuration else { return nil }
        let (product, overflow) = groupDuration.nanoseconds.multipliedReportingOverflow(by: Int64(loop))
        return overflow ? nil : MediaTime(nanoseconds: product)
    }
}
