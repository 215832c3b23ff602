import ArgumentParser
import Foundation

/// The bounds of every number the command line takes, and the one-line refusal of a number
/// outside them. ArgumentParser reads `nan`, `inf` and `1e300` as Doubles; unchecked, `nan`
/// stopped a wall at once and `4294968` trapped converting to GLib's 32-bit milliseconds.
/// The README's option table gives the same bounds.
enum NumberChecks {
    /// The longest wait a command line can ask for: 30 days (GLib's timers hold 49).
    static let maximumSeconds: Double = 30 * 24 * 3600

    /// `value` seconds must be finite and within `minimum` (excluded unless `allowsZero`) and `maximum`.
    static func seconds(_ value: Double, option: String, allowsZero: Bool = false, minimum: Double = 0,
                        maximum: Double = maximumSeconds) throws {
        let aboveMinimum = allowsZero ? value >= minimum : value > minimum
        guard value.isFinite, aboveMinimum, value <= maximum else {
            let lower = allowsZero ? "from \(text(minimum)) to" : "more than \(text(minimum)) and at most"
            throw ValidationError("\(option) must be \(lower) \(text(maximum)) seconds\(maximum == maximumSeconds ? " (30 days)" : ""), got \(text(value))")
        }
    }

    static func whole(_ value: Int, option: String, in range: ClosedRange<Int>) throws {
        guard range.contains(value) else {
            throw ValidationError("\(option) must be from \(range.lowerBound) to \(range.upperBound), got \(value)")
        }
    }

    /// A number as a user would write it: 4294968, 2.5, 1e+300, nan, inf.
    static func text(_ value: Double) -> String {
        if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }
}
