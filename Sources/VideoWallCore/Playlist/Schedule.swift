/// When an item or a whole playlist may play: on some days of the week, between two times of
/// day, between two dates. Every part left out allows everything.
///
/// A window whose `until` is earlier than its `from` runs across midnight (`from: "22:00"`,
/// `until: "02:00"`): its hours after midnight belong to the day it started on, for `days`,
/// `start` and `end` alike, so a Friday night window still plays at 01:00 on Saturday.
package struct Schedule: Sendable, Hashable {
    package var days: Set<Weekday>?
    package var from: TimeOfDay?
    package var until: TimeOfDay?
    /// First and last day (both included).
    package var start: CalendarDate?
    package var end: CalendarDate?

    package init(days: Set<Weekday>? = nil, from: TimeOfDay? = nil, until: TimeOfDay? = nil,
                start: CalendarDate? = nil, end: CalendarDate? = nil) {
        self.days = days
        self.from = from
        self.until = until
        self.start = start
        self.end = end
    }

    /// Whether nothing is restricted.
    package var isAlways: Bool { days == nil && from == nil && until == nil && start == nil && end == nil }

    /// Whether the schedule allows `moment`.
    package func includes(_ moment: LocalMoment) -> Bool {
        guard let day = windowDay(of: moment) else { return false }
        if let days, !days.contains(day.weekday) { return false }
        if let start, day < start { return false }
        if let end, day > end { return false }
        return true
    }

    /// The day whose window `moment` is in (the day before, after midnight in a window that
    /// crosses it), or nil when it is outside the hours.
    private func windowDay(of moment: LocalMoment) -> CalendarDate? {
        let second = moment.secondOfDay
        let opens = from?.secondOfDay ?? 0, closes = until?.secondOfDay ?? 86_400
        // An empty window (the parser refuses `from` equal to `until`) never opens.
        if opens == closes { return nil }
        if opens < closes { return (opens..<closes).contains(second) ? moment.date : nil }
        // Across midnight.
        if second >= opens { return moment.date }
        if second < closes { return moment.date.previous }
        return nil
    }
}
