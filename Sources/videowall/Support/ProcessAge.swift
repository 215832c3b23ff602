import Foundation

/// How long this process has run, from the moment the kernel started it (not from `main`):
/// the time a user waits counts the loading of the libraries too. The start is field 22 of
/// `/proc/self/stat` (clock ticks since boot), read against `CLOCK_BOOTTIME`; the tick is
/// 10 ms on Linux, so the figure is good to about that.
enum ProcessAge {
    static func seconds() -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        // After the command name (which may hold spaces, in parentheses): field 3 onwards.
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 19, let ticks = Double(fields[19]) else { return nil }
        let hertz = Double(sysconf(Int32(_SC_CLK_TCK)))
        var now = timespec()
        guard hertz > 0, clock_gettime(CLOCK_BOOTTIME, &now) == 0 else { return nil }
        let age = Double(now.tv_sec) + Double(now.tv_nsec) / 1e9 - ticks / hertz
        return age >= 0 ? age : nil
    }
}
