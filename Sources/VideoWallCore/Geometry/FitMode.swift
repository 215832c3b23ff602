/// How a video fills its region when their shapes differ.
public enum FitMode: String, Sendable, CaseIterable {
    /// Whole picture visible, letterboxed or pillarboxed.
    case fit
    /// Region fully covered, picture cropped.
    case fill
    /// Region fully covered, picture distorted.
    case stretch
}
