import Foundation
import Synchronization
import XCTest

/// Runs the built `videowall` binary (it sits next to the test bundle) and collects what it
/// prints, as a user would see it.
struct CommandRunner {
    struct Result {
        var status: Int32
        var standardOutput: String
        var standardError: String

        /// The tiles of the JSON report the program wrote on standard output (`--report -`).
        func reportTiles() throws -> [[String: Any]] {
            let object = try JSONSerialization.jsonObject(with: Data(standardOutput.utf8)) as? [String: Any]
            return try XCTUnwrap(object?["tiles"] as? [[String: Any]], "report: \(standardOutput)")
        }

        /// Standard error's lines, without the final line break.
        var errorLines: [String] { standardError.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(String.init) }
    }

    /// A program built with the package (`videowall`, or an example), or one at an absolute path.
    static func executable(_ name: String = "videowall") -> URL {
        if name.hasPrefix("/") { return URL(fileURLWithPath: name) }
        return URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent(name)
    }

    /// The whole X screen of `display` as a PNG at `path`, taken by ImageMagick's `import`
    /// from outside the program under test.
    static func captureRoot(of display: String, to path: String) throws -> Result {
        try run(["-display", display, "-window", "root", path], program: "/usr/bin/import", timeout: 20)
    }

    /// Calls `run` for 0..<count on `lanes` threads at once (runs that are mostly a process's
    /// start-up), and gives their results in order; the first that threw is thrown.
    static func atOnce(_ count: Int, lanes: Int = 4, _ run: @Sendable (Int) throws -> Result) throws -> [Result] {
        let results = Mutex([Swift.Result<Result, any Error>?](repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: min(lanes, max(count, 1))) { lane in
            for index in stride(from: lane, to: count, by: lanes) {
                let outcome = Swift.Result { try run(index) }
                results.withLock { $0[index] = outcome }
            }
        }
        return try results.withLock { $0 }.map { try $0!.get() }
    }

    /// Runs `videowall ARGUMENTS`; `display: false` removes DISPLAY so the program runs headless.
    /// `signalAfter` seconds after the start, it is sent `signal`; `signals` sends more, each
    /// at its own time after the start. `directory` is the working directory (default: the
    /// test's own). `program` names another program built with the package. `started` is
    /// handed the process id as soon as the program runs (to signal it from another thread).
    /// `unsetting` names variables of the test's environment the program must not see.
    static func run(_ arguments: [String], program: String = "videowall", environment extra: [String: String] = [:],
                    unsetting: [String] = [], display: Bool = false,
                    timeout: Double = 60, signalAfter: Double? = nil, signal: Int32 = SIGTERM,
                    signals: [(after: Double, signal: Int32)] = [], directory: String? = nil,
                    started: ((Int32) -> Void)? = nil) throws -> Result {
        let process = Process()
        process.executableURL = executable(program)
        process.arguments = arguments
        if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
        var environment = ProcessInfo.processInfo.environment
        if !display { environment["DISPLAY"] = nil; environment["WAYLAND_DISPLAY"] = nil }
        for name in unsetting { environment[name] = nil }
        environment.merge(extra) { $1 }
        process.environment = environment
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        let pid = process.processIdentifier
        started?(pid)
        for (after, signal) in signals + (signalAfter.map { [($0, signal)] } ?? []) {
            DispatchQueue.global().asyncAfter(deadline: .now() + after) { kill(pid, signal) }
        }
        // Read both pipes while the process runs, so a full pipe never blocks it. On threads of
        // their own: blocked in read() for the whole run, two of the global queue's workers (as
        // many as the machine has cores) would hold back every other global-queue timer the
        // test relies on (the signals above, a folder removed mid-run).
        let outData = Collected(), errData = Collected()
        let group = DispatchGroup()
        group.enter()
        Thread.detachNewThread { outData.data = output.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        group.enter()
        Thread.detachNewThread { errData.data = error.fileHandleForReading.readDataToEndOfFile(); group.leave() }
        if group.wait(timeout: .now() + timeout) == .timedOut {
            // A hung program may ignore SIGTERM: make sure it does not outlive the test.
            kill(process.processIdentifier, SIGKILL)
            throw RunnerError(message: "\(program) \(arguments.joined(separator: " ")) did not finish within \(timeout) s")
        }
        process.waitUntilExit()
        return Result(status: process.terminationStatus,
                      standardOutput: String(decoding: outData.data, as: UTF8.self),
                      standardError: String(decoding: errData.data, as: UTF8.self))
    }
}

/// Bytes read by one reader thread; read by the caller only after the group is done.
final class Collected: @unchecked Sendable {
    var data = Data()
}

struct RunnerError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
