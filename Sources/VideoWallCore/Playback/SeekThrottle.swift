/// Limits how often seeks reach the players while a slider is dragged.
///
/// Seeking four pipelines is expensive; a 60 Hz drag would queue far more flushing seeks than
/// they can serve. The throttle lets one seek through, then holds later ones until
/// `minimumInterval` has passed, keeping only the latest (the last request wins), so the final
/// position always arrives. Pure: every call takes the current instant; the engine arms a timer
/// for `nextDeadline` and calls `fire(at:)` when it goes off.
package struct SeekThrottle: Sendable, Equatable {
    package let minimumInterval: MediaTime
    package private(set) var heldRequest: SeekRequest?
    /// Starts false: players are loading when the throttle is made, and a seek sent before
    /// preroll is lost, so requests wait for `setCanSeek(true, at:)`.
    package private(set) var canSeek: Bool
    package private(set) var lastPerformed: MediaTime?

    package init(minimumInterval: MediaTime = .milliseconds(500), canSeek: Bool = false) {
        self.minimumInterval = minimumInterval
        self.canSeek = canSeek
    }

    /// Returns the request to perform now, or nil when it is held for later.
    package mutating func submit(_ request: SeekRequest, at now: MediaTime) -> SeekRequest? {
        var request = request
        // A rate change must not be lost because a position-only request replaced it.
        if request.rate == nil, let heldRate = heldRequest?.rate {
            request.rate = heldRate
        }
        heldRequest = request
        return performIfDue(at: now)
    }

    /// While players cannot seek (loading, or a seek still in flight) requests are held; once they
    /// can, the held one is returned, right away if the interval allows, else at `nextDeadline`.
    package mutating func setCanSeek(_ can: Bool, at now: MediaTime) -> SeekRequest? {
        canSeek = can
        return performIfDue(at: now)
    }

    /// When the held request becomes due; nil when nothing is held or it waits for `canSeek`.
    package var nextDeadline: MediaTime? {
        guard heldRequest != nil, canSeek else { return nil }
        guard let lastPerformed else { return nil }
        return lastPerformed + minimumInterval
    }

    /// The timer armed for `nextDeadline` went off.
    package mutating func fire(at now: MediaTime) -> SeekRequest? {
        performIfDue(at: now)
    }

    /// The drag ended: the held request goes now, whatever the interval (still not before the
    /// players can seek).
    package mutating func flush(at now: MediaTime) -> SeekRequest? {
        guard canSeek, let request = heldRequest else { return nil }
        return perform(request, at: now)
    }

    /// Drops a held request (e.g. a new file was loaded).
    package mutating func cancel() {
        heldRequest = nil
    }

    private mutating func performIfDue(at now: MediaTime) -> SeekRequest? {
        guard canSeek, let request = heldRequest else { return nil }
        if let lastPerformed, now - lastPerformed < minimumInterval { return nil }
        return perform(request, at: now)
    }

    private mutating func perform(_ request: SeekRequest, at now: MediaTime) -> SeekRequest {
        heldRequest = nil
        lastPerformed = now
        return request
    }
}
