/// Accurate seeks decode up to the exact frame (slow, right for frame stepping and final positions);
/// key-frame seeks land on the nearest key frame (fast, right while scrubbing).
public enum SeekPrecision: String, Sendable {
    case accurate
    case keyFrame
}

public struct SeekRequest: Sendable, Equatable {
    public var target: MediaTime
    public var precision: SeekPrecision
    /// nil keeps the current rate.
    public var rate: Double?
    /// The wall stays where it is: tiles brought onto one frame after a pause, which is no
    /// seek of the user's (IPC's `seek` event and MPRIS's Seeked are not sent for it).
    public var keepsPlace: Bool

    public init(target: MediaTime, precision: SeekPrecision = .accurate, rate: Double? = nil, keepsPlace: Bool = false) {
        self.target = target
        self.precision = precision
        self.rate = rate
        self.keepsPlace = keepsPlace
    }
}
