import VideoWallCore
/// What a follower tells its leader once a second (`wall-report` on the control port) and what
/// the leader shows of it (`wall-followers`, its messages and its report): which screen it
/// shows, how well its clock follows the leader's, how far its frames are from the leader's,
/// and whether its machine keeps up. A follower that cannot keep up is then known where the
/// wall is run from, not only on its own screen.
///
/// It comes from the network: every field is range-checked when read (`init?(json:)`), and a
/// report with any field out of range or of the wrong type is refused whole.
public struct FollowerReport: Equatable, Sendable {
    /// The canvas screen it shows (`--screen`), and its machine's name.
    public var screen: String?
    public var host: String?
    /// Whether its clock follows the leader's.
    public var synchronised: Bool
    /// Its clock's round trip to the leader and the estimate's error, in milliseconds.
    public var roundTripMilliseconds: Double?
    public var clockErrorMilliseconds: Double?
    /// How far the frames it shows were from the leader's at its last read, in milliseconds
    /// (nil while it does not play the leader's timeline: joining, paused, lost).
    public var apartMilliseconds: Double?
    /// Its slowest tile's frames shown and due per second, while it cannot keep up.
    public var overload: OverloadMeter.Figure?
    /// Frames its tiles showed and dropped since it started.
    public var framesRendered: UInt64
    public var framesDropped: UInt64

    public init(screen: String? = nil, host: String? = nil, synchronised: Bool, roundTripMilliseconds: Double? = nil,
                clockErrorMilliseconds: Double? = nil, apartMilliseconds: Double? = nil, overload: OverloadMeter.Figure? = nil,
                framesRendered: UInt64 = 0, framesDropped: UInt64 = 0) {
        self.screen = screen
        self.host = host
        self.synchronised = synchronised
        self.roundTripMilliseconds = roundTripMilliseconds
        self.clockErrorMilliseconds = clockErrorMilliseconds
        self.apartMilliseconds = apartMilliseconds
        self.overload = overload
        self.framesRendered = framesRendered
        self.framesDropped = framesDropped
    }

    /// Longest screen or host name taken (a screen's name is at most 64 characters; a host's,
    /// 253 in DNS).
    public static let longestName = 253
    /// Milliseconds a round trip, an error or a distance may say: a day.
    public static let largestMilliseconds = 86_400_000.0
    /// Frames per second a tile may be said to show or be due.
    public static let largestFrameRate = 1000.0
    /// Frame counts: exact in a JSON number.
    public static let largestCount = 9_007_199_254_740_992.0

    /// The report as the follower sends it.
    public var json: JSONValue {
        var fields: [String: JSONValue] = [
            "synchronised": .bool(synchronised),
            "frames-rendered": .number(Double(framesRendered)),
            "frames-dropped": .number(Double(framesDropped)),
        ]
        if let screen { fields["screen"] = .string(screen) }
        if let host { fields["host"] = .string(host) }
        if let roundTripMilliseconds { fields["round-trip-ms"] = .number(roundTripMilliseconds) }
        if let clockErrorMilliseconds { fields["clock-error-ms"] = .number(clockErrorMilliseconds) }
        if let apartMilliseconds { fields["apart-ms"] = .number(apartMilliseconds) }
        if let overload {
            fields["frames-shown-per-second"] = .number(overload.shownPerSecond)
            fields["frames-due-per-second"] = .number(overload.duePerSecond)
        }
        return .object(fields)
    }

    /// Reads a report a client sent; nil when a field is missing, of the wrong type or out of
    /// range, or a name holds a control character.
    public init?(json: JSONValue) {
        guard case .object(let fields) = json, case .bool(let synchronised)? = fields["synchronised"],
              let rendered = Self.count(fields["frames-rendered"]), let dropped = Self.count(fields["frames-dropped"]) else { return nil }
        let known: Set<String> = ["screen", "host", "synchronised", "round-trip-ms", "clock-error-ms", "apart-ms",
                                  "frames-shown-per-second", "frames-due-per-second", "frames-rendered", "frames-dropped"]
        guard fields.count <= known.count, fields.keys.allSatisfy(known.contains) else { return nil }
        var report = FollowerReport(synchronised: synchronised, framesRendered: rendered, framesDropped: dropped)
        for (key, path) in [("screen", \FollowerReport.screen), ("host", \FollowerReport.host)] {
            guard let value = fields[key] else { continue }
            guard case .string(let name) = value, Self.isName(name) else { return nil }
            report[keyPath: path] = name
        }
        for (key, path) in [("round-trip-ms", \FollowerReport.roundTripMilliseconds), ("clock-error-ms", \FollowerReport.clockErrorMilliseconds),
                            ("apart-ms", \FollowerReport.apartMilliseconds)] {
            guard let value = fields[key] else { continue }
            guard let milliseconds = value.doubleValue, milliseconds.isFinite, (0...Self.largestMilliseconds).contains(milliseconds) else { return nil }
            report[keyPath: path] = milliseconds
        }
        switch (fields["frames-shown-per-second"], fields["frames-due-per-second"]) {
        case (nil, nil): break
        case (let shown?, let due?):
            guard let shown = shown.doubleValue, let due = due.doubleValue, shown.isFinite, due.isFinite,
                  (0...Self.largestFrameRate).contains(shown), (0...Self.largestFrameRate).contains(due) else { return nil }
            report.overload = OverloadMeter.Figure(shownPerSecond: shown, duePerSecond: due)
        default: return nil
        }
        self = report
    }

    private static func count(_ value: JSONValue?) -> UInt64? {
        guard let number = value?.doubleValue, number.isFinite, (0...largestCount).contains(number), number == number.rounded() else { return nil }
        return UInt64(number)
    }

    /// One line of printable characters, not empty, at most `longestName`.
    private static func isName(_ text: String) -> Bool {
        !text.isEmpty && text.count <= longestName && !text.unicodeScalars.contains(where: TerminalText.needsEscape)
    }

    /// How it is named in the leader's messages: its screen and machine; without a screen, its
    /// machine and its connection (`ipc-3`: two followers on one machine are told apart);
    /// names quoted and shortened.
    public func name(client: String) -> String {
        if let screen { return "screen " + TerminalText.quoted(screen) + (host.map { " (" + TerminalText.shortened($0) + ")" } ?? "") }
        if let host { return TerminalText.quoted(host) + " (" + client + ")" }
        return client
    }
}

/// What a leader says of a follower as its reports come and go.
public enum FollowerChange: Equatable, Sendable {
    /// Its first report on a connection.
    case joined
    /// Its machine cannot keep up (its slowest tile's frames shown and due per second).
    case cannotKeepUp(OverloadMeter.Figure)
    case keepsUpAgain
    /// Its connection closed (it stopped, or the link went).
    case left
}

extension FollowerReport {
    /// What changed from the report before (nil: none on this connection) to `new`.
    public static func changes(from old: FollowerReport?, to new: FollowerReport) -> [FollowerChange] {
        var changes: [FollowerChange] = old == nil ? [.joined] : []
        switch (old?.overload, new.overload) {
        case (nil, let figure?): changes.append(.cannotKeepUp(figure))
        case (_?, nil): changes.append(.keepsUpAgain)
        default: break
        }
        return changes
    }
}
