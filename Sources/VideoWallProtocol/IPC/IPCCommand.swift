import VideoWallCore
/// A remote-control command as a value: what the client asked for, its arguments checked.
/// Names and arguments are mpv's (`get_property`, `seek 10 absolute+exact`, ...).
public enum IPCCommand: Equatable, Sendable {
    /// `get_property NAME` (or `get_property_string`, which answers with text).
    case getProperty(String, asText: Bool)
    /// `set_property NAME VALUE`, and `set NAME VALUE`.
    case setProperty(String, JSONValue)
    /// `observe_property ID NAME`: a `property-change` event now and at every change.
    case observeProperty(id: Int, name: String)
    case unobserveProperty(id: Int)
    /// `cycle NAME [up|down]`: a flag toggles, a speed moves to the next step.
    case cycle(String, down: Bool)
    /// `add NAME [VALUE]`: a number moves by VALUE (1 when not given).
    case add(String, by: Double)
    case seek(IPCSeek)
    /// `frame-step` (+1) and `frame-back-step` (-1): the wall pauses on the next or previous frame.
    case frameStep(Int)
    /// `loadfile URL [replace [TILE]]`: tile TILE (from 1; 1 when not given) plays URL instead,
    /// joining the wall where it is.
    case loadFile(String, tile: Int)
    /// `playlist-next [weak|force] [TILE]`, `playlist-prev ...`: playlist tile TILE (from 1;
    /// every playlist tile when not given) shows its next (previous) item now. mpv's flags say
    /// what happens at the end of a playlist; a tile's playlist goes round, so they change nothing.
    case playlistStep(forward: Bool, tile: Int?)
    /// `screenshot-to-file PATH`: the window as a PNG.
    case screenshotToFile(String)
    /// `quit [CODE]`: the program stops with its report, and exits CODE (0 to 255) when given.
    case quit(code: Int?)
    case clientName
    case getVersion
    /// `enable_event NAME` / `disable_event NAME` (`all` for every event).
    case setEventEnabled(String, Bool)
    /// `wall-report REPORT`: a follower says how it fares (`FollowerReport`), once a second.
    case wallReport(FollowerReport)

    /// The longest text argument accepted (a path, a property name).
    public static let maximumTextLength = 4096

    static func parse(_ words: [JSONValue]) -> Result<IPCCommand, IPCError> {
        guard let name = words.first?.stringValue else { return .failure(.invalidParameter) }
        let arguments = Array(words.dropFirst())
        func text(_ index: Int) -> String? {
            guard index < arguments.count, let s = arguments[index].stringValue, !s.isEmpty,
                  s.utf8.count <= maximumTextLength, !s.contains("\0") else { return nil }
            return s
        }
        func number(_ index: Int) -> Double? { index < arguments.count ? IPCValue.number(arguments[index]) : nil }
        func count(_ range: ClosedRange<Int>) -> Bool { range.contains(arguments.count) }

        switch name {
        case "get_property", "get_property_string":
            guard count(1...1), let property = text(0) else { return .failure(.invalidParameter) }
            return .success(.getProperty(property, asText: name == "get_property_string"))
        case "set_property", "set_property_string", "set":
            guard count(2...2), let property = text(0) else { return .failure(.invalidParameter) }
            return .success(.setProperty(property, arguments[1]))
        case "observe_property", "observe_property_string":
            guard count(2...2), let id = IPCValue.identifier(arguments[0]), let property = text(1) else { return .failure(.invalidParameter) }
            return .success(.observeProperty(id: id, name: property))
        case "unobserve_property":
            guard count(1...1), let id = IPCValue.identifier(arguments[0]) else { return .failure(.invalidParameter) }
            return .success(.unobserveProperty(id: id))
        case "cycle":
            guard count(1...2), let property = text(0) else { return .failure(.invalidParameter) }
            guard arguments.count == 1 || ["up", "down"].contains(text(1) ?? "") else { return .failure(.invalidParameter) }
            return .success(.cycle(property, down: arguments.count == 2 && text(1) == "down"))
        case "add":
            guard count(1...2), let property = text(0) else { return .failure(.invalidParameter) }
            let step = arguments.count == 2 ? number(1) : 1
            guard let step, abs(step) <= IPCValue.largestMagnitude else { return .failure(.invalidParameter) }
            return .success(.add(property, by: step))
        case "seek":
            guard count(1...3), let target = number(0), abs(target) <= IPCValue.largestMagnitude,
                  let seek = IPCSeek(target: target, flags: arguments.count > 1 ? text(1) : nil,
                                     legacyPrecision: arguments.count > 2 ? text(2) : nil) else { return .failure(.invalidParameter) }
            return .success(.seek(seek))
        case "frame-step", "frame-back-step":
            guard count(0...0) else { return .failure(.invalidParameter) }
            return .success(.frameStep(name == "frame-step" ? 1 : -1))
        case "loadfile":
            // mpv's other flags add to a playlist, which a tile does not have (yet).
            guard count(1...3), let url = text(0), arguments.count < 2 || text(1) == "replace" else { return .failure(.invalidParameter) }
            guard arguments.count == 3 else { return .success(.loadFile(url, tile: 1)) }
            guard let tile = number(2).flatMap({ Int(exactly: $0) }), WallProperty.tileNumbers.contains(tile) else { return .failure(.invalidParameter) }
            return .success(.loadFile(url, tile: tile))
        case "playlist-next", "playlist-prev":
            var rest = arguments[...]
            if let flag = rest.first?.stringValue, ["weak", "force"].contains(flag) { rest = rest.dropFirst() }
            guard rest.count <= 1 else { return .failure(.invalidParameter) }
            guard let word = rest.first else { return .success(.playlistStep(forward: name == "playlist-next", tile: nil)) }
            guard let tile = IPCValue.number(word).flatMap({ Int(exactly: $0) }), WallProperty.tileNumbers.contains(tile) else {
                return .failure(.invalidParameter)
            }
            return .success(.playlistStep(forward: name == "playlist-next", tile: tile))
        case "screenshot-to-file":
            // mpv's second argument says what to include (video, window, subtitles); the wall
            // always saves what the window shows.
            guard count(1...2), let path = text(0) else { return .failure(.invalidParameter) }
            return .success(.screenshotToFile(path))
        case "quit":
            guard count(0...1) else { return .failure(.invalidParameter) }
            guard arguments.count == 1 else { return .success(.quit(code: nil)) }
            guard let code = number(0), let whole = Int(exactly: code), (0...255).contains(whole) else { return .failure(.invalidParameter) }
            return .success(.quit(code: whole))
        case "client_name":
            return count(0...0) ? .success(.clientName) : .failure(.invalidParameter)
        case "get_version":
            return count(0...0) ? .success(.getVersion) : .failure(.invalidParameter)
        case "enable_event", "disable_event":
            guard count(1...1), let event = text(0) else { return .failure(.invalidParameter) }
            return .success(.setEventEnabled(event, name == "enable_event"))
        case "wall-report":
            guard count(1...1), let report = FollowerReport(json: arguments[0]) else { return .failure(.invalidParameter) }
            return .success(.wallReport(report))
        default:
            return .failure(.invalidParameter)
        }
    }
}

/// mpv's `seek TARGET [FLAGS]`: FLAGS joins a reference (`relative`, the default,
/// `absolute`, `absolute-percent`, `relative-percent`) and a precision (`exact`,
/// `keyframes`) with `+`. The wall's own `SeekIntent`, read from mpv's words.
public typealias IPCSeek = SeekIntent

extension SeekIntent {
    /// nil when a flag is not one of mpv's.
    init?(target: Double, flags: String?, legacyPrecision: String?) {
        self.init(target: target)
        for flag in (flags ?? "").split(separator: "+") {
            switch flag {
            case "exact": precision = .accurate
            case "keyframes": precision = .keyFrame
            default:
                guard let reference = Reference(rawValue: String(flag)) else { return nil }
                self.reference = reference
            }
        }
        switch legacyPrecision {
        case nil: break
        case "exact": precision = .accurate
        case "keyframes": precision = .keyFrame
        default: return nil
        }
    }
}

/// How argument values are read: as mpv reads them, a number may come as a JSON number or as
/// text (`"10"`), a flag as a JSON boolean or `yes`/`no`.
public enum IPCValue {
    /// Larger magnitudes are refused (a seek of 1e300 s is not a seek).
    public static let largestMagnitude = 1.0e9

    public static func number(_ value: JSONValue) -> Double? {
        switch value {
        case .number(let n): return n.isFinite ? n : nil
        case .string(let s):
            guard s.utf8.count <= 64, let n = Double(s), n.isFinite else { return nil }
            return n
        default: return nil
        }
    }

    public static func flag(_ value: JSONValue) -> Bool? {
        switch value {
        case .bool(let b): return b
        case .string("yes"), .string("true"): return true
        case .string("no"), .string("false"): return false
        default: return nil
        }
    }

    /// An observation id: a whole number from 0 to 2^53 (mpv's are 64-bit; JSON's exact
    /// integers stop at 2^53).
    static func identifier(_ value: JSONValue) -> Int? {
        guard let n = number(value), n >= 0, n <= 9_007_199_254_740_992, n.rounded() == n else { return nil }
        return Int(n)
    }
}
