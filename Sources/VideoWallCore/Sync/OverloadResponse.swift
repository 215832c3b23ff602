/// What the wall does about an overload: decode key frames only, so every tile shows the same
/// frames on time, and now and then try every frame again to see whether the machine keeps up
/// now (another program may have finished, a tile may have stopped).
///
/// Pure, on instants it is given: the engine calls `update` once per meter sample while the
/// wall plays, and `reset` whenever play stops or jumps (every frame is needed to pause on, or
/// to land a seek on, the exact frame).
package struct OverloadResponse: Sendable {
    package enum Step: Sendable, Equatable {
        /// Nothing to change.
        case none
        /// Feed the decoders key frames only.
        case keyFramesOnly
        /// Feed them every frame again; `trial` when this is a test whose verdict comes from a
        /// fresh meter window (start the meter's window again, keep its verdict meanwhile).
        case everyFrame(trial: Bool)
    }

    /// How long key frames only lasts before a trial.
    package let trialAfter: MediaTime
    /// How long a trial of every frame lasts before its verdict (at least the meter's window).
    package let trialLength: MediaTime
    package private(set) var keyFramesOnly = false
    private var keyFramesSince: MediaTime?
    private var trialSince: MediaTime?

    package init(trialAfter: MediaTime = .milliseconds(10_000), trialLength: MediaTime = .milliseconds(3000)) {
        self.trialAfter = trialAfter
        self.trialLength = trialLength
    }

    /// The meter's verdict at `time`; returns what to change.
    package mutating func update(overloaded: Bool, at time: MediaTime) -> Step {
        if let trialSince {
            guard time - trialSince >= trialLength else { return .none }
            self.trialSince = nil
            return overloaded ? enterKeyFramesOnly(at: time) : .none
        }
        if keyFramesOnly, let since = keyFramesSince, time - since >= trialAfter {
            keyFramesOnly = false
            keyFramesSince = nil
            trialSince = time
            return .everyFrame(trial: true)
        }
        return !keyFramesOnly && overloaded ? enterKeyFramesOnly(at: time) : .none
    }

    /// Play stopped or jumped: every frame again, no trial running.
    package mutating func reset() -> Step {
        trialSince = nil
        keyFramesSince = nil
        guard keyFramesOnly else { return .none }
        keyFramesOnly = false
        return .everyFrame(trial: false)
    }

    private mutating func enterKeyFramesOnly(at time: MediaTime) -> Step {
        keyFramesOnly = true
        keyFramesSince = time
        return .keyFramesOnly
    }
}
