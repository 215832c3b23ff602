import Foundation
import XCTest
@testable import VideoWallCore

/// Random mutations of the shipped layouts, fed to the parser for a few seconds: it must never
/// crash, never hang, never accept a value outside its range, and every refusal must be one line
/// naming the file and the line. The mutations come from a seeded generator, so a failure names
/// the seed and the round, and the same run gives the same inputs again
/// (VIDEOWALL_FUZZ_SEED and VIDEOWALL_FUZZ_SECONDS change them).
final class LayoutFuzzTests: XCTestCase {
    static let file = "fuzz.yaml"

    /// Pieces of YAML that reach the parser's corners: nesting, anchors, tags, odd numbers,
    /// documents, block scalars, and bytes a terminal would obey.
    static let tokens: [String] = [
        "[", "]", "{", "}", ",", ": ", "- ", "? ", "#", "\"", "'", "\\", "\n", "  ", "\t", "|\n", ">-\n",
        "&a ", "*a", "&b [*a, *a] ", "<<: *a\n", "!!int ", "!!str ", "!!float ", "!!map ", "!!seq ", "!<tag:x> ", "!x ",
        "0", "-1", "1e300", "-1e300", ".inf", "-.inf", ".nan", "0x7fffffffffffffff", "0o777", "0b101", "+12_345",
        "9223372036854775807", "-9223372036854775808", "99999999999999999999", "4294967296",
        "1:30", "9223372036854775807:59", "1:2:3:4:5:6:7:8:9:10:11:12", "2001-12-14t21:59:43.10-05:00",
        "~", "null", "true", "no", "=", "---\n", "...\n", "%YAML 1.1\n", "%TAG ! tag:x,2000:\n",
        "\u{1B}[31m", "\u{1B}]0;title\u{07}", "\u{0}", "\u{FEFF}", "\u{202E}", "\u{85}", "\u{2028}", "é", "\r\n",
        "gap: ", "z: ", "source: ", "label: ", "x: ", "width: ", "regions:\n", "  - ",
    ]

    func testMutatedShippedLayoutsNeverCrashHangOrGiveAMultiLineError() throws {
        let environment = ProcessInfo.processInfo.environment
        let seed = environment["VIDEOWALL_FUZZ_SEED"].flatMap { UInt64($0) } ?? 20_261_124
        let seconds = environment["VIDEOWALL_FUZZ_SECONDS"].flatMap { Double($0) } ?? 3
        let corpus = try FileManager.default.contentsOfDirectory(atPath: ShippedLayoutsTests.layoutsDirectory)
            .filter { $0.hasSuffix(".yaml") }.sorted()
            .map { try Data(contentsOf: URL(fileURLWithPath: ShippedLayoutsTests.layoutsDirectory + "/" + $0)) }
        XCTAssertEqual(corpus.count, 10)

        // The rounds run on a thread of their own, so that a hang fails the test instead of
        // stopping the suite: the test waits for them with a deadline.
        let outcome = FuzzOutcome()
        let done = DispatchSemaphore(value: 0)
        let worker = Thread {
            var generator = SeededGenerator(seed: seed)
            let deadline = Date().addingTimeInterval(seconds)
            var round = 0
            while Date() < deadline {
                round += 1
                var input = corpus.randomElement(using: &generator)!
                for _ in 0..<Int.random(in: 1...4, using: &generator) { Self.mutate(&input, using: &generator) }
                outcome.begin(round: round, input: input)
                let started = Date()
                let (accepted, problem) = Self.check(input)
                outcome.end(round: round, seconds: Date().timeIntervalSince(started), accepted: accepted, problem: problem)
            }
            done.signal()
        }
        worker.stackSize = 8 << 20
        worker.start()
        if done.wait(timeout: .now() + seconds + 30) == .timedOut {
            let (round, input) = outcome.current
            XCTFail("seed \(seed), round \(round): the parser did not return within 30 s on \(String(decoding: input, as: UTF8.self).debugDescription)")
            return
        }
        let summary = outcome.summary
        XCTAssertGreaterThan(summary.rounds, 200, "rounds run in \(seconds) s")
        XCTAssertGreaterThan(summary.accepted, 0, "some mutations still parse (the mutations are not all fatal)")
        XCTAssertGreaterThan(summary.refused, 0)
        XCTAssertLessThan(summary.slowest.seconds, 2, "seed \(seed), round \(summary.slowest.round) took \(summary.slowest.seconds) s")
        for failure in summary.failures.prefix(10) { XCTFail("seed \(seed), \(failure)") }
    }

    /// Whether the parser accepted `input`, and what went wrong if it did not do what it must.
    static func check(_ input: Data) -> (accepted: Bool, problem: String?) {
        let shown = String(decoding: input.prefix(400), as: UTF8.self).debugDescription
        do {
            let layout = try LayoutParser.parse(data: input, sourceName: file)
            guard (1...LayoutParser.maximumRegionCount).contains(layout.regions.count), LayoutLimits.gap.contains(layout.gap) else {
                return (true, "accepted \(layout) from \(shown)")
            }
            for region in layout.regions {
                let frame = region.frame, slack = LayoutParser.tolerance
                guard frame.x >= 0, frame.y >= 0, frame.width > 0, frame.height > 0,
                      frame.maxX <= 1 + slack, frame.maxY <= 1 + slack, LayoutLimits.z.contains(region.z),
                      (region.volume ?? 0) >= 0, (region.volume ?? 0) <= 1 else {
                    return (true, "accepted region \(region) from \(shown)")
                }
                if case .index(let index)? = region.source, !LayoutLimits.sourceIndex.contains(index) {
                    return (true, "accepted source \(index) from \(shown)")
                }
            }
            return (true, nil)
        } catch {
            let message = error.description
            let onOneLine = !message.unicodeScalars.contains { TerminalTextTests.isUnprintable($0) }
            let namesFileAndLine = message.wholeMatch(of: /fuzz\.yaml:[1-9][0-9]*: .+/) != nil
            guard onOneLine, namesFileAndLine, message.count < 600 else {
                return (false, "refusal \(message.debugDescription) for \(shown)")
            }
            return (false, nil)
        }
    }

    static func mutate(_ data: inout Data, using generator: inout SeededGenerator) {
        var bytes = [UInt8](data)
        let position = bytes.isEmpty ? 0 : Int.random(in: 0...bytes.count, using: &generator)
        switch Int.random(in: 0..<8, using: &generator) {
        case 0 where !bytes.isEmpty:  // flip a bit
            let index = min(position, bytes.count - 1)
            bytes[index] ^= 1 << UInt8.random(in: 0..<8, using: &generator)
        case 1 where !bytes.isEmpty:  // delete a run
            let end = min(bytes.count, position + Int.random(in: 1...16, using: &generator))
            bytes.removeSubrange(min(position, end)..<end)
        case 2:  // insert random bytes
            bytes.insert(contentsOf: (0..<Int.random(in: 1...8, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }, at: position)
        case 3, 4:  // insert a token
            bytes.insert(contentsOf: Array(tokens.randomElement(using: &generator)!.utf8), at: position)
        case 5:  // repeat a run, up to a few hundred times (deep nesting, long lines, many values)
            let end = min(bytes.count, position + Int.random(in: 1...12, using: &generator))
            let run = Array(bytes[position..<end])
            bytes.insert(contentsOf: Array([[UInt8]](repeating: run, count: Int.random(in: 2...300, using: &generator)).joined()), at: position)
        case 6:  // wrap a run in brackets
            let depth = Int.random(in: 1...60, using: &generator)
            let end = min(bytes.count, position + Int.random(in: 0...40, using: &generator))
            bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "]"), count: depth), at: end)
            bytes.insert(contentsOf: [UInt8](repeating: UInt8(ascii: "["), count: depth), at: position)
        default:  // swap two lines
            var lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
            guard lines.count > 1 else { break }
            lines.swapAt(Int.random(in: 0..<lines.count, using: &generator), Int.random(in: 0..<lines.count, using: &generator))
            bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        }
        data = Data(bytes)
    }
}

/// What the fuzzing thread reports: the round it is in (for a hang), and the results.
private final class FuzzOutcome: @unchecked Sendable {
    private let lock = NSLock()
    private var round = 0
    private var input = Data()
    private var rounds = 0, accepted = 0, refused = 0
    private var slowest = (round: 0, seconds: 0.0)
    private var failures: [String] = []

    func begin(round: Int, input: Data) {
        lock.withLock { (self.round, self.input) = (round, input) }
    }

    func end(round: Int, seconds: Double, accepted wasAccepted: Bool, problem: String?) {
        lock.withLock {
            rounds += 1
            if wasAccepted { accepted += 1 } else { refused += 1 }
            if seconds > slowest.seconds { slowest = (round, seconds) }
            if let problem { failures.append("round \(round): \(problem)") }
        }
    }

    var current: (round: Int, input: Data) { lock.withLock { (round, input) } }
    var summary: (rounds: Int, accepted: Int, refused: Int, slowest: (round: Int, seconds: Double), failures: [String]) {
        lock.withLock { (rounds, accepted, refused, slowest, failures) }
    }
}
