import XCTest
@testable import VideoWallCore

/// Schedules on hand-made local moments: days, windows within a day and across midnight,
/// first and last dates, and the calendar arithmetic under them.
final class ScheduleTests: XCTestCase {
    private func at(_ date: String, _ time: String) -> LocalMoment {
        LocalMoment(date: CalendarDate(parsing: date)!, secondOfDay: TimeOfDay(parsing: time)!.secondOfDay)
    }

    func testCalendarArithmetic() {
        XCTAssertEqual(CalendarDate(parsing: "2026-11-25")?.weekday, .wed)
        XCTAssertEqual(CalendarDate(parsing: "1970-01-01")?.weekday, .thu)
        XCTAssertEqual(CalendarDate(parsing: "2000-02-29")?.weekday, .tue)
        XCTAssertNil(CalendarDate(parsing: "2026-02-29"), "not a leap year")
        XCTAssertNotNil(CalendarDate(parsing: "2024-02-29"))
        XCTAssertNil(CalendarDate(parsing: "2026-13-01"))
        XCTAssertNil(CalendarDate(parsing: "26-11-25"))
        XCTAssertEqual(CalendarDate(parsing: "2026-03-01")?.previous, CalendarDate(parsing: "2026-02-28"))
        XCTAssertEqual(CalendarDate(parsing: "2027-01-01")?.previous, CalendarDate(parsing: "2026-12-31"))
        for days in stride(from: -719_000, through: 2_900_000, by: 997) {
            XCTAssertEqual(CalendarDate(daysSinceEpoch: days)?.daysSinceEpoch, days)
        }
        XCTAssertEqual(at("2026-12-31", "23:59:30").adding(seconds: 45), at("2027-01-01", "00:00:15"))
        XCTAssertEqual(TimeOfDay(parsing: "24:00")?.secondOfDay, 86_400)
        XCTAssertNil(TimeOfDay(parsing: "24:01"))
        XCTAssertNil(TimeOfDay(parsing: "7:60"))
        XCTAssertNil(TimeOfDay(parsing: "-1:00"))
        XCTAssertEqual(TimeOfDay(parsing: "07:30:05")?.description, "07:30:05")
    }

    func testDaysAndHoursWithinADay() {
        let lunch = Schedule(days: [.mon, .tue, .wed, .thu, .fri], from: TimeOfDay(parsing: "11:30"), until: TimeOfDay(parsing: "14:00"))
        XCTAssertFalse(lunch.includes(at("2026-11-25", "11:29:59")))
        XCTAssertTrue(lunch.includes(at("2026-11-25", "11:30")))
        XCTAssertTrue(lunch.includes(at("2026-11-25", "13:59:59")))
        XCTAssertFalse(lunch.includes(at("2026-11-25", "14:00")), "until is the first second outside")
        XCTAssertFalse(lunch.includes(at("2026-11-28", "12:00")), "a Saturday")
        XCTAssertTrue(Schedule().includes(at("2026-11-28", "03:00")), "no restriction")
    }

    func testAWindowAcrossMidnightBelongsToTheDayItStarted() {
        let friday = Schedule(days: [.fri], from: TimeOfDay(parsing: "22:00"), until: TimeOfDay(parsing: "02:00"))
        XCTAssertTrue(friday.includes(at("2026-11-27", "22:00")), "Friday night")
        XCTAssertTrue(friday.includes(at("2026-11-28", "01:59:59")), "Saturday after midnight is Friday's night")
        XCTAssertFalse(friday.includes(at("2026-11-28", "02:00")))
        XCTAssertFalse(friday.includes(at("2026-11-27", "01:00")), "Friday after midnight is Thursday's night")
        XCTAssertFalse(friday.includes(at("2026-11-27", "12:00")))
    }

    func testDatesAreInclusiveAndCountTheWindowsDay() {
        let december = Schedule(from: TimeOfDay(parsing: "20:00"), until: TimeOfDay(parsing: "04:00"),
                                start: CalendarDate(parsing: "2026-12-01"), end: CalendarDate(parsing: "2026-12-31"))
        XCTAssertFalse(december.includes(at("2026-12-01", "03:00")), "the night of November 30")
        XCTAssertTrue(december.includes(at("2026-12-01", "20:00")))
        XCTAssertTrue(december.includes(at("2027-01-01", "03:59:59")), "the night of December 31 runs into the new year")
        XCTAssertFalse(december.includes(at("2027-01-01", "20:00")))
    }

    func testPlaylistSkipsWhatIsNotScheduledAndWhatCannotPlay() {
        let noon = at("2026-11-25", "12:00"), night = at("2026-11-25", "23:00")
        let daytime = Schedule(from: TimeOfDay(parsing: "08:00"), until: TimeOfDay(parsing: "20:00"))
        let playlist = Playlist(items: [PlaylistItem(location: "/a.mp4"), PlaylistItem(location: "/b.mp4", schedule: daytime),
                                        PlaylistItem(location: "/c.png")])
        XCTAssertEqual(playlist.next(after: nil, at: noon, wraps: true), 0)
        XCTAssertEqual(playlist.next(after: 0, at: noon, wraps: true), 1)
        XCTAssertEqual(playlist.next(after: 0, at: night, wraps: true), 2, "b is a daytime item")
        XCTAssertEqual(playlist.next(after: 2, at: night, wraps: true), 0, "round again")
        XCTAssertNil(playlist.next(after: 2, at: night, wraps: false), "the end, without a loop")
        XCTAssertEqual(playlist.next(after: 2, at: noon, wraps: true, isPlayable: { $0 != 0 }), 1, "a broken item is skipped")
        XCTAssertNil(playlist.next(after: 0, at: night, wraps: true, isPlayable: { _ in false }))
        XCTAssertEqual(playlist.next(after: 99, at: noon, wraps: true), 0, "an index past the end starts again")
        let closed = Playlist(items: playlist.items, schedule: Schedule(days: [.sun]))
        XCTAssertNil(closed.next(after: nil, at: noon, wraps: true), "the whole playlist is off on a Wednesday")
        XCTAssertEqual(playlist.items[2].kind, .image)
    }
}
