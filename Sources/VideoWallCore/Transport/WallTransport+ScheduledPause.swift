/// A pause at an instant ahead: a leader of walls across machines pauses half a second after
/// it is asked (as it starts half a second ahead), its timeline saying when, so its followers
/// pause at the same instant on the shared clock and stop on the same frame, with no frame
/// shown past it and no seek back.
extension WallTransport {
    /// `schedulePause(at:)`: the playing wall pauses at `instant`; at once when that is past,
    /// or when the wall does not simply play (a seek, loading, buffering: a pause then is
    /// the ordinary one). A play cancels it; a seek or a pause meanwhile pauses at once.
    mutating func schedulePause(at instant: MediaTime) {
        guard seek == nil, state == .playing, instant > now else { return pause() }
        wantsToPlay = false
        scheduledPause = instant
        arm(.scheduledPause, at: instant)
    }

    /// The scheduled pause is due.
    mutating func scheduledPauseFired() {
        scheduledPause = nil
        pause()
    }

    /// The scheduled pause gives way to another input: the wall plays on, as it did, for that
    /// input to act on (a play leaves it playing; a pause or a seek pauses it).
    mutating func cancelScheduledPause() {
        guard scheduledPause != nil else { return }
        scheduledPause = nil
        cancel(.scheduledPause)
        wantsToPlay = true
    }
}
