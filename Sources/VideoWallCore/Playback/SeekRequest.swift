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

    public init(target: MediaTime, precision: SeekPrecision = .accurate, rate: Double? = nil) {
        self.target = target
        self.precision = precision
        self.rate = rate
    }
}
