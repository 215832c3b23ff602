/// Text for times shown to people: the transport bar, the overlay, logs.
public enum TimeFormatting {
    /// The text shown when a time is not known yet (or ever, for live sources).
    package static let unknown = "--:--:--"

    /// "HH:MM:SS"; truncates, so the display never shows a second that has not been reached.
    /// Negative times clamp to zero; hours grow past 99 rather than wrapping.
    package static func clock(_ time: MediaTime) -> String {
        let totalSeconds = max(time.nanoseconds, 0) / 1_000_000_000
        return hms(totalSeconds)
    }

    /// "HH:MM:SS.mmm", truncated to the millisecond; negative times clamp to zero.
    package static func precise(_ time: MediaTime) -> String {
        let clamped = max(time.nanoseconds, 0)
        let milliseconds = (clamped / 1_000_000) % 1000
        return hms(clamped / 1_000_000_000) + "." + pad(milliseconds, width: 3)
    }

    /// "00:01:05 / 00:10:00", with `unknown` for either side that is not known.
    public static func transport(position: MediaTime?, duration: MediaTime?) -> String {
        (position.map(clock) ?? unknown) + " / " + (duration.map(clock) ?? unknown)
    }

    /// "+0.500 s", "-0.040 s": an offset, with its sign and millisecond precision.
    package static func signedSeconds(_ time: MediaTime) -> String {
        let milliseconds = time.nanoseconds / 1_000_000
        let whole = abs(milliseconds) / 1000, fraction = abs(milliseconds) % 1000
        return (time.nanoseconds < 0 ? "-" : "+") + String(whole) + "." + pad(fraction, width: 3) + " s"
    }

    private static func hms(_ totalSeconds: Int64) -> String {
        let hours = totalSeconds / 3600
        let minutes = (totalSeconds / 60) % 60
        let seconds = totalSeconds % 60
        return pad(hours, width: 2) + ":" + pad(minutes, width: 2) + ":" + pad(seconds, width: 2)
    }

    private static func pad(_ value: Int64, width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
