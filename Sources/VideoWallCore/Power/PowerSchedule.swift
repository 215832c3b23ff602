/// When a wall's screens are on (a layout's `power:`): a list of windows written as playlist
/// schedules are (`days`, `from`, `until`, `start`, `end`, on the machine's local time);
/// outside every one of them the screens are off and the wall stands by.
package struct PowerSchedule: Sendable, Hashable {
    package var onWindows: [Schedule]

    package init(onWindows: [Schedule]) {
        self.onWindows = onWindows
    }

    /// Whether the screens are on at `moment`.
    package func isOn(at moment: LocalMoment) -> Bool {
        onWindows.contains { $0.includes(moment) }
    }

    /// The first moment after `moment`, within a week and a day, when the screens go the
    /// other way; nil when they never do (a schedule that is always on, or never). The screens
    /// can change only where a window opens or closes (`from`, `until`) or at midnight (`days`,
    /// `start`, `end`), so those moments are all that is looked at.
    package func nextChange(after moment: LocalMoment) -> LocalMoment? {
        let now = isOn(at: moment)
        let times = Set(onWindows.flatMap { [$0.from?.secondOfDay, $0.until?.secondOfDay].compactMap { $0 } } + [0])
        for day in 0...8 {
            guard let midnight = moment.adding(seconds: day * 86_400 - moment.secondOfDay) else { return nil }
            for second in times.sorted() {
                guard let candidate = midnight.adding(seconds: second), candidate > moment else { continue }
                if isOn(at: candidate) != now { return candidate }
            }
        }
        return nil
    }
}

/// Switches a wall's screens by its `PowerSchedule`, as a reducer: each tick with the local
/// time says whether the screens must now go off or on. The wall starts with its screens on;
/// a wall started inside an off window turns them off at its first tick.
package struct ScreenPowerSwitch: Sendable {
    package enum Effect: Sendable, Equatable {
        /// Screens off; the wall pauses and its tiles let go of their decoders.
        case screensOff
        /// Screens on; the wall plays on, every tile in sync.
        case screensOn
    }

    package let schedule: PowerSchedule
    package private(set) var screensOn = true

    package init(schedule: PowerSchedule) {
        self.schedule = schedule
    }

    /// The switch to make at `moment`, if any.
    package mutating func tick(at moment: LocalMoment) -> Effect? {
        let wanted = schedule.isOn(at: moment)
        guard wanted != screensOn else { return nil }
        screensOn = wanted
        return wanted ? .screensOn : .screensOff
    }
}
