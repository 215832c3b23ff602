import XCTest
@testable import VideoWallCore

/// Other spellings of one address, for a network client clock that must start afresh.
final class AddressSpellingsTests: XCTestCase {
    func testAnIPv4AddressIsAlsoWrittenAsIPv4MappedIPv6() {
        let spellings = AddressSpellings.spellings(of: "192.168.1.20")
        XCTAssertEqual(spellings.first, "192.168.1.20")
        XCTAssertEqual(Array(spellings.dropFirst().prefix(2)), ["::ffff:192.168.1.20", "0::ffff:192.168.1.20"])
        XCTAssertEqual(Set(spellings).count, spellings.count, "no spelling twice")
        XCTAssertEqual(spellings.count, 8)
        XCTAssertTrue(spellings.dropFirst().allSatisfy { $0.lowercased().hasSuffix("ffff:192.168.1.20") })
    }

    func testAnIPv6AddressGetsLeadingZerosAndAHostNameOtherCases() {
        XCTAssertEqual(AddressSpellings.spellings(of: "::1", limit: 3), ["::1", "0::1", "00::1"])
        XCTAssertEqual(AddressSpellings.spellings(of: "fe80::a", limit: 3), ["fe80::a", "FE80::A"])
        let names = AddressSpellings.spellings(of: "wall-1.local", limit: 4)
        XCTAssertEqual(names, ["wall-1.local", "Wall-1.local", "wAll-1.local", "WAll-1.local"])
        XCTAssertTrue(names.allSatisfy { $0.lowercased() == "wall-1.local" })
    }

    func testWhatHasNoOtherSpellingIsItselfAlone() {
        XCTAssertEqual(AddressSpellings.spellings(of: "1234:5678::9"), ["1234:5678::9"])
        XCTAssertEqual(AddressSpellings.spellings(of: "42"), ["42"])
        XCTAssertEqual(AddressSpellings.spellings(of: ""), [])
        XCTAssertFalse(AddressSpellings.isIPv4("192.168.01.1"))
        XCTAssertFalse(AddressSpellings.isIPv4("256.1.1.1"))
        XCTAssertFalse(AddressSpellings.isIPv4("1.1.1"))
    }
}
