import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A child process whose CPU time and peak memory are read back with `wait4` (Foundation's
/// Process does not give the rusage). Standard output and error go to a file.
final class ChildProcess: @unchecked Sendable {
    struct Usage {
        var status: Int32
        var cpuSeconds: Double
        var peakMemoryMB: Double
        var output: String
    }

    private let pid: pid_t
    private let outputPath: String
    private let keepsOutput: Bool

    /// `output`: the file its output is kept in; nil, a temporary one removed once read.
    init(_ arguments: [String], environment: [String: String], output: String? = nil) throws {
        outputPath = output ?? NSTemporaryDirectory() + "videowall-bench-\(UUID().uuidString).log"
        keepsOutput = output != nil
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var child: pid_t = 0
        let result = posix_spawnp(&child, arguments[0], &actions, nil, argv, envp)
        guard result == 0 else { throw BenchError("\(arguments[0]): cannot start (\(String(cString: strerror(result))))") }
        pid = child
    }

    /// SIGINT, as Ctrl-C would (gst-launch stops cleanly on it). The peak memory is read
    /// first, from the child's own VmHWM: wait4's ru_maxrss is no use here, it carries the
    /// parent's high-water mark across the spawn.
    func interrupt() {
        peakMemoryMB = Self.highWaterMarkMB(pid: pid)
        kill(pid, SIGINT)
    }

    private var peakMemoryMB: Double?

    /// `VmHWM` of /proc/PID/status, in MiB.
    static func highWaterMarkMB(pid: pid_t) -> Double? { statusFieldMB("VmHWM", pid: pid) }

    /// CPU seconds (user + system) the child has used so far: fields 14 and 15 of
    /// /proc/PID/stat, in clock ticks. Read twice, it gives the CPU of a window of the run.
    var cpuSecondsSoFar: Double? { Self.cpuSeconds(pid: pid) }

    /// CPU seconds (user + system) process `pid` has used so far, any process's (the X server's).
    static func cpuSeconds(pid: pid_t) -> Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let nameEnd = stat.lastIndex(of: ")") else { return nil }
        // After the command name: field 3 (state) onwards.
        let fields = stat[stat.index(after: nameEnd)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The child's threads now (`Threads` of /proc/PID/status).
    var threadCount: Int? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("Threads:") }) else { return nil }
        return Int(line.dropFirst("Threads:".count).trimmingCharacters(in: .whitespaces))
    }

    /// The child's open file descriptors now (the entries of /proc/PID/fd).
    var openDescriptorCount: Int? {
        (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd"))?.count
    }

    /// The child's resident memory now (`VmRSS`), in MiB.
    var residentMemoryMB: Double? { Self.statusFieldMB("VmRSS", pid: pid) }

    /// A "NAME:   1234 kB" line of /proc/PID/status, in MiB.
    private static func statusFieldMB(_ name: String, pid: pid_t) -> Double? {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix(name + ":") }),
              let kilobytes = Double(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "") else { return nil }
        return kilobytes / 1024
    }

    /// Waits for the child to end (`wait4`) and reads its usage and output.
    func finish() -> Usage {
        var status: Int32 = 0
        var usage = rusage()
        while wait4(pid, &status, 0, &usage) == -1 && errno == EINTR {}
        let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6
            + Double(usage.ru_stime.tv_sec) + Double(usage.ru_stime.tv_usec) / 1e6
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        if !keepsOutput { try? FileManager.default.removeItem(atPath: outputPath) }
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Usage(status: exit, cpuSeconds: cpu, peakMemoryMB: peakMemoryMB ?? 0, output: output)
    }

    /// `finish()` on a worker thread, so the main loop keeps running while the child exits.
    func finished() async -> Usage {
        await withCheckedContinuation { continuation in
            Thread.detachNewThread { continuation.resume(returning: self.finish()) }
        }
    }
}
