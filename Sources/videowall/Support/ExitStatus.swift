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
    /// Bad command line (ArgumentParser's own validation code).
    static let usage = ExitCode.validationFailure

    static func forResult(failedTiles: Int, totalTiles: Int) -> ExitCode {
        if failedTiles == 0 { return success }
        return failedTiles >= totalTiles ? noTilePlayed : someTilesFailed
    }
}
