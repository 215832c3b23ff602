import VideoWallCore

extension WallTimeline {
    /// The timeline as a leader's control port sends it (`wall-timeline`): nanoseconds as
    /// numbers, exact up to 2^53 ns (104 days of a clock's time).
    package var json: JSONValue {
        var fields: [String: JSONValue] = ["playing": .bool(isPlaying), "position": .number(Double(position.nanoseconds)),
                                           "instant": .number(Double(instant.nanoseconds)), "rate": .number(rate)]
        if isLooping { fields["loop"] = .bool(true) }
        if let loopLength { fields["loop-length"] = .number(Double(loopLength.nanoseconds)) }
        if let clock { fields["clock"] = .string(clock) }
        if let items { fields["items"] = .array(items.map { $0.map { .number(Double($0)) } ?? .null }) }
        if let pauseAt { fields["pause-at"] = .number(Double(pauseAt.nanoseconds)) }
        if let itemStarts { fields["item-starts"] = .array(itemStarts.map { $0.map { .number(Double($0.nanoseconds)) } ?? .null }) }
        return .object(fields)
    }

    /// A timeline as a leader's control port sends it (`wall-timeline`: `playing`, and
    /// `position`, `instant` in nanoseconds, `rate`, `loop` when it loops and `loop-length`
    /// when known, `clock`, the clock's name, when said, and `items`, each tile's item or null,
    /// when a tile plays a playlist, and `item-starts`, each tile's item's start in nanoseconds
    /// or null, and `pause-at` in nanoseconds when a pause is scheduled), every number
    /// range-checked; nil when anything is missing or out of range.
    package init?(json: JSONValue) {
        guard case .object(let fields) = json, case .bool(let playing)? = fields["playing"],
              let position = fields["position"]?.doubleValue, let instant = fields["instant"]?.doubleValue,
              let rate = fields["rate"]?.doubleValue,
              position.isFinite, (0...Self.largestTime).contains(position), instant.isFinite, (0...Self.largestTime).contains(instant),
              rate.isFinite, WallProperty.speedRange.contains(rate) else { return nil }
        var looping = false
        if let loop = fields["loop"] {
            guard case .bool(let on) = loop else { return nil }
            looping = on
        }
        var loopLength: MediaTime?
        if let length = fields["loop-length"] {
            guard let nanoseconds = length.doubleValue, nanoseconds.isFinite, (1...Self.largestTime).contains(nanoseconds) else { return nil }
            loopLength = MediaTime(nanoseconds: Int64(nanoseconds))
        }
        var clock: String?
        if let named = fields["clock"] {
            guard case .string(let name) = named, Self.isClockName(name) else { return nil }
            clock = name
        }
        var items: [Int?]?
        if let listed = fields["items"] {
            guard let places = Self.optionalNumbers(listed, in: 0...Self.mostItems) else { return nil }
            items = places.map { $0.map { Int($0) } }
        }
        var pauseAt: MediaTime?
        if let due = fields["pause-at"] {
            guard let nanoseconds = due.doubleValue, nanoseconds.isFinite, (0...Self.largestTime).contains(nanoseconds) else { return nil }
            pauseAt = MediaTime(nanoseconds: Int64(nanoseconds))
        }
        var itemStarts: [MediaTime?]?
        if let listed = fields["item-starts"] {
            guard let instants = Self.optionalNumbers(listed, in: 0...Self.largestTime) else { return nil }
            itemStarts = instants.map { $0.map { MediaTime(nanoseconds: Int64($0)) } }
        }
        self.init(isPlaying: playing, position: MediaTime(nanoseconds: Int64(position)), instant: MediaTime(nanoseconds: Int64(instant)),
                  rate: rate, isLooping: looping, loopLength: loopLength, clock: clock, items: items, itemStarts: itemStarts, pauseAt: pauseAt)
    }

    /// A list of at most `mostTiles` whole numbers in `range` or nulls; nil when it is not one.
    private static func optionalNumbers(_ json: JSONValue, in range: ClosedRange<Double>) -> [Double?]? {
        guard case .array(let values) = json, values.count <= mostTiles else { return nil }
        var numbers: [Double?] = []
        for value in values {
            if case .null = value { numbers.append(nil); continue }
            guard let number = value.doubleValue, number.isFinite, number.rounded() == number, range.contains(number) else { return nil }
            numbers.append(number)
        }
        return numbers
    }

    /// The most tiles a timeline's `items` lists, and the highest place it names in a list.
    static let mostTiles = 64
    static let mostItems = 1_000_000.0

    /// A clock's name: 1 to 64 ASCII letters, digits and hyphens (a UUID).
    static func isClockName(_ name: String) -> Bool {
        (1...64).contains(name.utf8.count) && name.utf8.allSatisfy { $0 == UInt8(ascii: "-") || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }
    }

    /// A clock's time or a position beyond this (in nanoseconds, 2^62: 146 years) is not taken.
    static let largestTime = 4.6e18
}
