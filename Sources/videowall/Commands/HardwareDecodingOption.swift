import ArgumentParser
import VideoWallCore

extension HardwareDecoding {
    /// `--hwdec`'s word, as `play` and `probe` take it; refused with the words it may be.
    static func option(_ text: String) throws -> HardwareDecoding {
        guard let choice = HardwareDecoding(rawValue: text) else {
            throw ValidationError("--hwdec must be \(allCases.map(\.rawValue).joined(separator: ", ")), got \(TerminalText.quoted(text))")
        }
        return choice
    }
}
