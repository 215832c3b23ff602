/// A day of the proleptic Gregorian calendar, without a time zone: what a schedule's `start:`
/// and `end:` name, and the day a local moment falls on.
package struct CalendarDate: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var year: Int
    package var month: Int
    package var day: Int

    /// nil unless the date exists (February 30 does not; years 1 to 9999 only).
    package init?(year: Int, month: Int, day: Int) {
        guard (1...9999).contains(year), (1...12).contains(month),
              (1...Self.daysIn(month: month, year: year)).contains(day) else { return nil }
        self.year = year
        self.month = month
        self.day = day
    }

    /// `2026-11-25`.
    package init?(parsing text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        self.init(year: year, month: month, day: day)
    }

    package var description: String {
        let pad = { (value: Int, width: Int) in String(repeating: "0", count: max(0, width - String(value).count)) + String(value) }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
    }

    package static func < (lhs: CalendarDate, rhs: CalendarDate) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }

    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    package var daysSinceEpoch: Int {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01 (`civil_from_days`); nil outside years 1 to 9999.
    package init?(daysSinceEpoch days: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        self.init(year: yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month: month, day: day)
    }

    /// The day before (nil before year 1).
    package var previous: CalendarDate? { CalendarDate(daysSinceEpoch: daysSinceEpoch - 1) }

    package var weekday: Weekday {
        // 1970-01-01 was a Thursday.
        let index = ((daysSinceEpoch % 7) + 7 + 3) % 7
        return Weekday.allCases[index]
    }

    static func daysIn(month: Int, year: Int) -> Int {
        switch month {
        case 2: return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Days of the week, Monday first (ISO 8601), named as a schedule's `days:` writes them.
package enum Weekday: String, Sendable, CaseIterable, Hashable {
    case mon, tue, wed, thu, fri, sat, sun
}

/// A time of day to the second, as a schedule's `from:` and `until:` write it (`07:30`,
/// `22:00:15`); `24:00` is the end of the day.
package struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// 0 to 86400.
    package let secondOfDay: Int

    package init?(secondOfDay: Int) {
        guard (0...86_400).contains(secondOfDay) else { return nil }
        self.secondOfDay = secondOfDay
    }

    package init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard (2...3).contains(parts.count),
              parts.allSatisfy({ (1...2).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let hours = Int(parts[0]), let minutes = Int(parts[1]) else { return nil }
        let seconds = parts.count == 3 ? Int(parts[2]) ?? 99 : 0
        guard hours <= 24, minutes < 60, seconds < 60, hours < 24 || (minutes == 0 && seconds == 0) else { return nil }
        self.init(secondOfDay: hours * 3600 + minutes * 60 + seconds)
    }

    package var description: String {
        let h = secondOfDay / 3600, m = secondOfDay / 60 % 60, s = secondOfDay % 60
        let two = { (v: Int) in v < 10 ? "0\(v)" : "\(v)" }
        return s == 0 ? "\(two(h)):\(two(m))" : "\(two(h)):\(two(m)):\(two(s))"
    }

    package static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool { lhs.secondOfDay < rhs.secondOfDay }
}

/// A moment of local (wall-clock) time: the day and the second within it. Schedules are
/// evaluated on these, so tests hand them in and never wait for a real clock.
package struct LocalMoment: Sendable, Hashable, Comparable, CustomStringConvertible {
    package var date: CalendarDate
    /// 0 to 86399.
    package var secondOfDay: Int

    package init(date: CalendarDate, secondOfDay: Int) {
        self.date = date
        self.secondOfDay = min(max(secondOfDay, 0), 86_399)
    }

    package static func < (lhs: LocalMoment, rhs: LocalMoment) -> Bool {
        (lhs.date, lhs.secondOfDay) < (rhs.date, rhs.secondOfDay)
    }

    /// `2026-12-07 07:00` (seconds only when there are some).
    package var description: String {
        "\(date) \(TimeOfDay(secondOfDay: secondOfDay).map(\.description) ?? "")"
    }

    /// This moment `seconds` later (or earlier), across days.
    package func adding(seconds: Int) -> LocalMoment? {
        let total = date.daysSinceEpoch * 86_400 + secondOfDay + seconds
        let days = total >= 0 ? total / 86_400 : (total - 86_399) / 86_400
        guard let date = CalendarDate(daysSinceEpoch: days) else { return nil }
        return LocalMoment(date: date, secondOfDay: total - days * 86_400)
    }
}
