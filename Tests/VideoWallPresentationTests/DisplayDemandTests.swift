import VideoWallCore
import VideoWallPresentation
import XCTest

final class DisplayDemandTests: XCTestCase {
    func testHeadlessOnlyWhenAskedOrWhenNoDisplayIsNamed() {
        XCTAssertEqual(DisplayDemand.decide(headless: true, needsScreen: false, displayNamed: true, waitSeconds: 0), .headless(noted: false))
        XCTAssertEqual(DisplayDemand.decide(headless: true, needsScreen: true, displayNamed: false, waitSeconds: 30), .headless(noted: false),
                       "--kiosk --headless: kiosk's looping, headless")
        XCTAssertEqual(DisplayDemand.decide(headless: false, needsScreen: false, displayNamed: false, waitSeconds: 0), .headless(noted: true),
                       "no display variable at all: headless, said")
    }

    func testANamedDisplayIsOpenedOrWaitedForNeverLeftForHeadless() {
        XCTAssertEqual(DisplayDemand.decide(headless: false, needsScreen: false, displayNamed: true, waitSeconds: 0), .window(waitSeconds: 0))
        XCTAssertEqual(DisplayDemand.decide(headless: false, needsScreen: true, displayNamed: true, waitSeconds: 30), .window(waitSeconds: 30))
    }

    func testAScreenOptionWithoutAnyDisplayFailsAtOnce() {
        XCTAssertEqual(DisplayDemand.decide(headless: false, needsScreen: true, displayNamed: false, waitSeconds: 30), .noDisplayNamed)
    }

    func testAKioskWaitsHalfAMinuteByDefault() {
        XCTAssertEqual(DisplayDemand.defaultWait(kiosk: true), 30)
        XCTAssertEqual(DisplayDemand.defaultWait(kiosk: false), 0)
        XCTAssertTrue(DisplayDemand.waitLimits.contains(30))
    }

    func testAnEmptyVariableNamesNoDisplay() {
        XCTAssertFalse(DisplayDemand.displayNamed(in: [:]))
        XCTAssertFalse(DisplayDemand.displayNamed(in: ["DISPLAY": "", "WAYLAND_DISPLAY": ""]))
        XCTAssertTrue(DisplayDemand.displayNamed(in: ["DISPLAY": ":0"]))
        XCTAssertTrue(DisplayDemand.displayNamed(in: ["WAYLAND_DISPLAY": "wayland-0"]))
    }
}

final class DisplayDiagnosisTests: XCTestCase {
    func testALocalXDisplayIsToldByItsSocket() {
        XCTAssertEqual(DisplayDiagnosis.x11Reason(":99", exists: { _ in false }), "no X server listens on :99")
        XCTAssertEqual(DisplayDiagnosis.x11Reason(":99.0", exists: { $0 == "/tmp/.X11-unix/X99" }), "the X server on :99.0 refused the connection")
        XCTAssertEqual(DisplayDiagnosis.x11Reason("unix:3", exists: { _ in false }), "no X server listens on unix:3")
        XCTAssertEqual(DisplayDiagnosis.x11Reason("localhost:10.0", exists: { _ in true }),
                       "the X server at localhost:10.0 could not be reached or refused the connection")
        XCTAssertEqual(DisplayDiagnosis.x11Reason("nonsense", exists: { _ in true }), "not an X display name (it has no ':N')")
        XCTAssertEqual(DisplayDiagnosis.x11Reason(":x", exists: { _ in true }), "not an X display name (no display number after ':')")
    }

    func testAWaylandDisplayIsASocketInTheRuntimeDirectory() {
        XCTAssertEqual(DisplayDiagnosis.waylandReason("wayland-1", runtimeDirectory: "/run/user/1000", exists: { _ in false }),
                       "no Wayland compositor listens at /run/user/1000/wayland-1")
        XCTAssertEqual(DisplayDiagnosis.waylandReason("/tmp/w", runtimeDirectory: nil, exists: { $0 == "/tmp/w" }),
                       "the Wayland compositor at /tmp/w refused the connection")
        XCTAssertEqual(DisplayDiagnosis.waylandReason("wayland-1", runtimeDirectory: nil, exists: { _ in true }),
                       "XDG_RUNTIME_DIR is not set, so its socket cannot be found")
    }

    func testEveryNamedDisplayIsGivenOnOneLineWithoutControlCharacters() {
        let reasons = DisplayDiagnosis.reasons(environment: ["DISPLAY": ":9\u{1b}[31m", "WAYLAND_DISPLAY": "w", "XDG_RUNTIME_DIR": "/r"],
                                               exists: { _ in false })
        XCTAssertEqual(reasons.count, 2)
        XCTAssertTrue(reasons[0].hasPrefix("WAYLAND_DISPLAY 'w': no Wayland compositor listens at /r/w"), reasons[0])
        XCTAssertTrue(reasons[1].hasPrefix("DISPLAY ':9\\e[31m': "), reasons[1])
        XCTAssertFalse(reasons.joined().unicodeScalars.contains { $0.value < 0x20 })
    }
}
