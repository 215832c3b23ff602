import Yams

/// A region's `playlist:` and the schedule keys (`days`, `from`, `until`, `start`, `end`) of a
/// region or an item.
extension LayoutParser {
    static let scheduleKeys = ["days", "from", "until", "start", "end"]
    static let itemKeys = ["source", "in", "out", "duration", "speed", "reverse", "flip"] + scheduleKeys
    /// Per-item speeds, as the wall's own (`[` and `]`).
    static let itemSpeeds = 0.25...4.0
    /// The longest in, out or image duration: a day.
    static let longestItemTime = MediaTime.seconds(86_400)

    static func playlist(_ fields: YAMLFields, reader: YAMLFieldReader) throws(LayoutError) -> Playlist? {
        guard let node = fields.node("playlist") else { return nil }
        guard fields.node("source") == nil else {
            throw fields.fail("playlist", "'playlist' and 'source' cannot both be given: the playlist is the region's source")
        }
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            throw fields.fail("playlist", "'playlist' must be a list of files or URIs (or of mappings with 'source'), got \(reader.describe(node))")
        }
        guard sequence.count <= Playlist.maximumItems else {
            throw fields.fail("playlist", "'playlist' lists \(sequence.count) items but at most \(Playlist.maximumItems) are allowed")
        }
        var items: [PlaylistItem] = []
        for (index, entry) in sequence.enumerated() {
            items.append(try item(entry, prefix: fields.prefix + "playlist item \(index + 1): ", reader: reader))
        }
        return Playlist(items: items, schedule: try schedule(fields))
    }

    private static func item(_ node: Node, prefix: String, reader: YAMLFieldReader) throws(LayoutError) -> PlaylistItem {
        if node.scalar != nil, node.tagName != .null {
            guard let location = node.scalar?.string, !location.isEmpty else { throw reader.error(at: node, prefix + "must not be empty") }
            return PlaylistItem(location: location)
        }
        guard node.mapping != nil else {
            throw reader.error(at: node, prefix + "must be a file or URI, or a mapping with 'source', got \(reader.describe(node))")
        }
        let fields = try reader.fields(of: node, allowed: itemKeys, prefix: prefix)
        guard let location = try fields.text("source"), !location.isEmpty else {
            throw reader.error(at: node, prefix + "missing required key 'source'")
        }
        let inPoint = try time(fields, "in"), outPoint = try time(fields, "out")
        if let inPoint, let outPoint, outPoint <= inPoint {
            throw fields.fail("out", "'out' must come after 'in'")
        }
        let duration = try time(fields, "duration")
        if let duration, duration <= .zero { throw fields.fail("duration", "'duration' must be more than 0") }
        let speed = try fields.number("speed") ?? 1
        guard itemSpeeds.contains(speed) else {
            throw fields.fail("speed", "'speed' must be from \(formatNumber(itemSpeeds.lowerBound)) to \(formatNumber(itemSpeeds.upperBound)), got \(formatNumber(speed))")
        }
        var flip: PlaylistItem.Flip?
        if let text = try fields.text("flip") {
            guard let value = PlaylistItem.Flip(rawValue: text) else {
                throw fields.fail("flip", "'flip' must be horizontal or vertical, got \(TerminalText.quoted(text))")
            }
            flip = value
        }
        return PlaylistItem(location: location, inPoint: inPoint, outPoint: outPoint, duration: duration, speed: speed,
                            reverse: try fields.bool("reverse") ?? false, flip: flip, schedule: try schedule(fields))
    }

    /// Seconds (`12.5`) or a clock time (`1:30`, `01:02:03.5`), from 0 to a day.
    private static func time(_ fields: YAMLFields, _ key: String) throws(LayoutError) -> MediaTime? {
        guard let text = try fields.text(key) else { return nil }
        guard let time = MediaTime(parsingClock: text), time >= .zero, time <= longestItemTime else {
            throw fields.fail(key, "'\(key)' must be seconds (12.5) or a time (1:30, 01:02:03.5) of at most a day, got \(TerminalText.quoted(text))")
        }
        return time
    }

    static func schedule(_ fields: YAMLFields) throws(LayoutError) -> Schedule {
        var schedule = Schedule()
        if let node = fields.node("days") {
            schedule.days = try days(node, fields: fields)
        }
        for key in ["from", "until"] {
            guard let text = try fields.text(key) else { continue }
            guard let time = TimeOfDay(parsing: text) else {
                throw fields.fail(key, "'\(key)' must be a time of day written \"HH:MM\" (00:00 to 24:00), got \(TerminalText.quoted(text))")
            }
            if key == "from" { schedule.from = time } else { schedule.until = time }
        }
        if let from = schedule.from, let until = schedule.until, from == until {
            throw fields.fail("until", "'until' must differ from 'from' (the window would be empty)")
        }
        for key in ["start", "end"] {
            guard let text = try fields.text(key) else { continue }
            guard let date = CalendarDate(parsing: text) else {
                throw fields.fail(key, "'\(key)' must be a date written YYYY-MM-DD, got \(TerminalText.quoted(text))")
            }
            if key == "start" { schedule.start = date } else { schedule.end = date }
        }
        if let start = schedule.start, let end = schedule.end, end < start {
            throw fields.fail("end", "'end' (\(end)) is before 'start' (\(start))")
        }
        return schedule
    }

    /// `[mon, tue]`, `"mon,wed"`, `"mon-fri"` or `"sat-sun"`.
    private static func days(_ node: Node, fields: YAMLFields) throws(LayoutError) -> Set<Weekday> {
        var words: [String] = []
        switch node {
        case .sequence(let sequence):
            for entry in sequence {
                guard let text = entry.scalar?.string else { throw fields.fail("days", "'days' must list day names (mon ... sun)") }
                words.append(text)
            }
        case .scalar(let scalar):
            words = scalar.string.split(separator: ",").map { $0.trimmingCharacters(in: " ") }
        case .mapping:
            throw fields.fail("days", "'days' must be day names like [mon, fri] or \"mon-fri\"")
        }
        var days = Set<Weekday>()
        for word in words {
            let ends = word.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)
            guard (1...2).contains(ends.count), let first = Weekday(rawValue: ends[0]), let last = Weekday(rawValue: ends.last!) else {
                throw fields.fail("days", "'days' must be day names mon, tue, wed, thu, fri, sat, sun (or ranges like mon-fri), got \(TerminalText.quoted(word))")
            }
            let all = Weekday.allCases, from = all.firstIndex(of: first)!, to = all.firstIndex(of: last)!
            // A range may wrap round the week (fri-mon).
            var index = from
            while true {
                days.insert(all[index])
                if index == to { break }
                index = (index + 1) % all.count
            }
        }
        guard !days.isEmpty else { throw fields.fail("days", "'days' must name at least one day") }
        return days
    }
}

extension MediaTime {
    /// `12.5` (seconds), `1:30` (minutes and seconds) or `01:02:03.5`; nil for anything else.
    package init?(parsingClock text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var seconds = 0.0
        for (index, part) in parts.enumerated() {
            let last = index == parts.count - 1
            guard !part.isEmpty, part.allSatisfy({ $0.isASCII && ($0.isNumber || (last && $0 == ".")) }),
                  let value = Double(part), value.isFinite else { return nil }
            if parts.count > 1, index > 0, value >= 60 { return nil }
            seconds = seconds * 60 + value
        }
        guard seconds <= 1e9 else { return nil }
        self = .seconds(seconds)
    }
}
