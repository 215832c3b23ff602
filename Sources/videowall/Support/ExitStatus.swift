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
    /// Bad command line (ArgumentParser's own validation code).
    static let usage = ExitCode.validationFailure

    static func forResult(failedTiles: Int, totalTiles: Int) -> ExitCode {
        if failedTiles == 0 { return success }
        return failedTiles >= totalTiles ? noTilePlayed : someTilesFailed
    }

    /// A lost output outranks failed tiles: their lines were printed, and the status must say
    /// that what was asked for is missing.
    static func forResult(failedTiles: Int, totalTiles: Int, outputsLost: Bool) -> ExitCode {
        outputsLost ? outputLost : forResult(failedTiles: failedTiles, totalTiles: totalTiles)
    }
}
