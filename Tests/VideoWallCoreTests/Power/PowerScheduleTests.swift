@testable import VideoWallCore
import XCTest

/// A layout's `power:` and the switch it drives, on hand-written local times.
final class PowerScheduleTests: XCTestCase {
    private let yaml = """
        regions:
          - {x: 0, y: 0, width: 1, height: 1}
        power:
          - {days: mon-fri, from: "07:00", until: "22:00"}
          - {days: sat, from: "22:00", until: "02:00"}
        """

    /// 2026-12-04 is a Friday.
    private func moment(_ day: Int, _ hour: Int, _ minute: Int, second: Int = 0) -> LocalMoment {
        LocalMoment(date: CalendarDate(year: 2026, month: 12, day: day)!, secondOfDay: hour * 3600 + minute * 60 + second)
    }

    func testTheScreensAreOnInsideAWindowOnly() throws {
        let power = try XCTUnwrap(LayoutParser.parse(yaml: yaml, sourceName: "wall.yaml").power)
        XCTAssertTrue(power.isOn(at: moment(4, 7, 0)), "Friday 07:00, as the window opens")
        XCTAssertFalse(power.isOn(at: moment(4, 6, 59, second: 59)))
        XCTAssertFalse(power.isOn(at: moment(4, 22, 0)), "Friday 22:00, as it closes")
        XCTAssertFalse(power.isOn(at: moment(5, 12, 0)), "Saturday noon")
        XCTAssertTrue(power.isOn(at: moment(6, 1, 30)), "Sunday 01:30 belongs to Saturday night's window")
        XCTAssertFalse(power.isOn(at: moment(6, 2, 0)))
    }

    func testTheNextChangeIsFoundAcrossTheWeekend() throws {
        let power = try XCTUnwrap(LayoutParser.parse(yaml: yaml, sourceName: "wall.yaml").power)
        XCTAssertEqual(power.nextChange(after: moment(4, 21, 59, second: 30)), moment(4, 22, 0))
        XCTAssertEqual(power.nextChange(after: moment(4, 22, 0)), moment(5, 22, 0), "off from Friday 22:00 to Saturday 22:00")
        XCTAssertEqual(power.nextChange(after: moment(6, 1, 0)), moment(6, 2, 0))
        XCTAssertEqual(power.nextChange(after: moment(6, 2, 0)), moment(7, 7, 0), "then Monday morning")
        XCTAssertNil(PowerSchedule(onWindows: [Schedule(start: CalendarDate(year: 2000, month: 1, day: 1), end: CalendarDate(year: 2000, month: 1, day: 2))])
            .nextChange(after: moment(4, 12, 0)), "never on again")
        let toTheSecond = PowerSchedule(onWindows: [Schedule(from: TimeOfDay(parsing: "12:00:05"), until: TimeOfDay(parsing: "12:00:09"))])
        XCTAssertEqual(toTheSecond.nextChange(after: moment(4, 12, 0)), moment(4, 12, 0, second: 5), "windows may be written to the second")
        XCTAssertEqual(toTheSecond.nextChange(after: moment(4, 12, 0, second: 5)), moment(4, 12, 0, second: 9))
    }

    func testTheSwitchSaysEachChangeOnce() throws {
        var power = ScreenPowerSwitch(schedule: try XCTUnwrap(LayoutParser.parse(yaml: yaml, sourceName: "wall.yaml").power))
        // Ticks every 15 s from Friday 21:59 to 22:01, then Monday 06:59 to 07:01.
        var effects: [(LocalMoment, ScreenPowerSwitch.Effect)] = []
        for start in [moment(4, 21, 59), moment(7, 6, 59)] {
            for step in 0...8 {
                let now = start.adding(seconds: step * 15)!
                if let effect = power.tick(at: now) { effects.append((now, effect)) }
            }
        }
        XCTAssertEqual(effects.map(\.1), [.screensOff, .screensOn])
        XCTAssertEqual(effects.map(\.0), [moment(4, 22, 0), moment(7, 7, 0)])
        // A wall started at night turns its screens off at its first tick.
        var night = ScreenPowerSwitch(schedule: power.schedule)
        XCTAssertEqual(night.tick(at: moment(5, 3, 0)), .screensOff)
        XCTAssertNil(night.tick(at: moment(5, 3, 1)))
    }

    func testMistakesAreNamedWithTheirLine() {
        let region = "regions:\n  - {x: 0, y: 0, width: 1, height: 1}\n"
        let cases: [(String, String)] = [
            (region + "power: yes\n", "wall.yaml:3: 'power' must be a list of times the screens are on"),
            (region + "power: []\n", "wall.yaml:3: 'power' must be a list of times the screens are on"),
            (region + "power:\n  - {from: \"25:00\"}\n", "wall.yaml:4: power 1: 'from' must be a time of day"),
            (region + "power:\n  - {days: mon, when: always}\n", "wall.yaml:4: power 1:"),
            (region + "power:\n  - {}\n", "wall.yaml:4: power 1: a window with no days, times or dates is always on; leave 'power' out instead"),
            (region + "power:\n  - {from: \"07:00\", until: \"07:00\"}\n", "wall.yaml:4: power 1: 'until' must differ from 'from'"),
        ]
        for (text, expected) in cases {
            XCTAssertThrowsError(try LayoutParser.parse(yaml: text, sourceName: "wall.yaml"), text) { error in
                let said = (error as? LayoutError)?.description ?? "\(error)"
                XCTAssertTrue(said.hasPrefix(expected), "\(text): \(said)")
                XCTAssertFalse(said.contains("\n"), said)
            }
        }
    }
}
