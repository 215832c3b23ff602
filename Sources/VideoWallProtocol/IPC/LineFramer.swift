import VideoWallCore
/// Splits a byte stream into lines (`\n`-terminated, a trailing `\r` dropped) with a bound on
/// a line's length, so a client that never sends a newline cannot grow the wall's memory.
public struct LineFramer: Sendable {
    public enum Output: Equatable, Sendable {
        case line(String)
        /// A line passed `maximumLength` bytes: the connection is not worth reading further.
        case tooLong
    }

    public let maximumLength: Int
    private var pending: [UInt8] = []
    private var overflowed = false

    public init(maximumLength: Int) {
        self.maximumLength = maximumLength
    }

    /// Adds bytes read from the connection; returns the lines they complete, in order. After
    /// `.tooLong` nothing more comes out.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [Output] {
        guard !overflowed else { return [] }
        var out: [Output] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
                // Invalid UTF-8 is repaired (U+FFFD), then refused by the JSON parser.
                out.append(.line(String(decoding: pending, as: UTF8.self)))
                pending.removeAll(keepingCapacity: pending.count < 4096)
            } else {
                pending.append(byte)
                if pending.count > maximumLength {
                    overflowed = true
                    pending = []
                    out.append(.tooLong)
                    return out
                }
            }
        }
        return out
    }
}
