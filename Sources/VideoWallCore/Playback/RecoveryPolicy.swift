/// How a tile whose network source failed tries again (`--retry`): after 1 s, then twice as
/// long each time up to 30 s between attempts, for a number of attempts or for ever. A tile
/// that came back starts counting again from the first delay when it next fails.
public struct RecoveryPolicy: Sendable, Equatable {
    /// How many times a failed tile tries again; nil: for ever; 0: never.
    public var attempts: Int?
    public var firstDelay: Duration
    public var longestDelay: Duration

    public static let never = RecoveryPolicy(attempts: 0)
    public static let forever = RecoveryPolicy(attempts: nil)
    /// The most attempts a number may ask for (`--retry 1000`): beyond, say `inf`.
    package static let largestCount = 1000

    public init(attempts: Int?, firstDelay: Duration = .seconds(1), longestDelay: Duration = .seconds(30)) {
        self.attempts = attempts
        self.firstDelay = firstDelay
        self.longestDelay = longestDelay
    }

    /// `no` (never), `inf` or `yes` (for ever), or a count from 0 to `largestCount`; nil for
    /// anything else.
    package init?(parsing text: String) {
        switch text {
        case "no": self = .never
        case "inf", "yes": self = .forever
        default:
            guard text.count <= 4, text.allSatisfy(\.isASCII), let count = Int(text), (0...Self.largestCount).contains(count) else { return nil }
            self.init(attempts: count)
        }
    }

    /// The wait before attempt `attempt` (from 1), or nil when no attempt is left.
    package func delay(beforeAttempt attempt: Int) -> Duration? {
        guard attempt >= 1, attempts.map({ attempt <= $0 }) ?? true else { return nil }
        var delay = firstDelay
        for _ in 1..<min(attempt, 32) {
            delay *= 2
            if delay >= longestDelay { return longestDelay }
        }
        return min(delay, longestDelay)
    }
}
