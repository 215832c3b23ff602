import Foundation
import VideoWallProtocol

#if canImport(Glibc)
import Glibc
#endif

/// What the page's system panel shows of the program: how long it has run, the processor
/// time it used, its memory, the machine's cores, and its version.
enum SystemFigures {
    static func now(since started: Date, version: String) -> JSONValue {
        var usage = rusage()
        getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        let cpu = Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
        let uptime = Date().timeIntervalSince(started)
        return .object([
            "uptime": .number(uptime.rounded()),
            "cpu-seconds": .number((cpu * 10).rounded() / 10),
            "cpu-share": .number(uptime > 0 ? ((cpu / uptime) * 100).rounded() / 100 : 0),
            "memory-mib": .number((Double(residentBytes()) / 1_048_576).rounded()),
            "cores": .number(Double(ProcessInfo.processInfo.activeProcessorCount)),
            "version": .string(version),
        ])
    }

    /// The resident set, from /proc/self/statm (pages).
    private static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }
}
