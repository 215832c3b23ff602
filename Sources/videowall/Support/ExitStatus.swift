import ArgumentParser

/// The exit statuses the README documents.
enum ExitStatus {
    static let success = ExitCode(0)
    /// Some tiles failed; the others played.
    static let someTilesFailed = ExitCode(1)
    /// Nothing could play.
    static let noTilePlayed = ExitCode(2)
    /// GStreamer (or the window) could not start.
    static let startupFailed = ExitCode(3)
    /// An output that was asked for (the report, the screenshot) was not written. A script that
    /// reads the report must not take a run that lost it for a good one.
    static let outputLost = ExitCode(4)
    /// The window was destroyed from outside (another X client's XDestroyWindow).
    static let windowDestroyed = ExitCode(5)
    /// The connection to the X server was lost (the server went away, or `xkill`).
    static let displayLost = ExitCode(6)
    /// Stopping took longer than `ExitWatchdog.seconds`; the report was written before.
    static let stopTimedOut = ExitCode(7)
    /// `videowall ipc`: the wall answered the command with an error.
    static let remoteRefused = ExitCode(1)
    /// `videowall ipc`: no wall answered (no socket, nobody listening, no reply in time).
    static let remoteUnreachable = ExitCode(3)
    /// Bad command line (ArgumentParser's own validation code).
    static let usage = ExitCode.validationFailure
    /// Stopped by SIGHUP or SIGQUIT: 128 + the signal's number, as a shell reports a process
    /// the signal killed (SIGINT and SIGTERM are the usual way to stop a wall: they give the
    /// tiles' status).
    static func stoppedBy(_ signal: Int32) -> ExitCode { ExitCode(128 + signal) }

    /// The status of a session that stopped for `reason`. How it stopped outranks a lost
    /// output, which outranks failed tiles: their lines were printed, and the status must say
    /// that what was asked for is missing.
    static func forStop(_ reason: StopReason?, failedTiles: Int, totalTiles: Int, outputsLost: Bool) -> ExitCode {
        switch reason {
        case .signal(let signal) where signal != .interrupt && signal != .terminate: return stoppedBy(signal.rawValue)
        case .windowDestroyed: return windowDestroyed
        case .remoteQuit(let code?): return ExitCode(code)
        default: return outputsLost ? outputLost : forResult(failedTiles: failedTiles, totalTiles: totalTiles)
        }
    }

    static func forResult(failedTiles: Int, totalTiles: Int) -> ExitCode {
        if failedTiles == 0 { return success }
        return failedTiles >= totalTiles ? noTilePlayed : someTilesFailed
    }
}
