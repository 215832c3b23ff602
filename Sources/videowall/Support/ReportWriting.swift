import VideoWallEngine

/// Writes the JSON report at the end of a run; a report that could not be written is said on
/// standard error and counts as a lost output (exit status 4), never as a good run.
@MainActor
enum ReportWriting {
    /// Whether the report was written.
    static func write(_ report: WallReport, to path: String) -> Bool {
        do {
            try Console.write(try report.json(), to: path)
            return true
        } catch {
            Console.error("--report \(Console.name(path)): cannot write the report: \(error.localizedDescription)")
            return false
        }
    }
}
