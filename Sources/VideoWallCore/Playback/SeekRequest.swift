/// Accurate seeks decode up to the exact frame (slow, right for frame stepping and final positions);
/// key-frame seeks land on the nearest key frame (fast, right while scrubbing).
public enum SeekPrecision: String, Sendable {
    case accurate
    case keyFrame
}

package struct SeekRequest: Sendable, Equatable {
    package var target: MediaTime
    package var precision: SeekPrecision
    /// nil keeps the current rate.
    package var rate: Double?
    /// The wall stays where it is: tiles brought onto one frame after a pause, which is no
    /// seek of the user's (IPC's `seek` event and MPRIS's Seeked are not sent for it).
    package var keepsPlace: Bool

    package init(target: MediaTime, precision: SeekPrecision = .accurate, rate: Double? = nil, keepsPlace: Bool = false) {
        self.target = target
        self.precision = precision
        self.rate = rate
        self.keepsPlace = keepsPlace
    }
}
