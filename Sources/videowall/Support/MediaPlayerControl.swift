import VideoWallDBus
import VideoWallEngine

/// MPRIS for a session: offered on the session bus as soon as the wall exists (unless
/// `--no-mpris`), `Quit` wired to the session's stop, the name given back when it stops.
@MainActor
enum MediaPlayerControl {
    /// nil with `--no-mpris` or without a session bus; never fails loudly (see `WallMPRIS`).
    static func start(_ enabled: Bool, wall: Wall, stop: SessionStop) -> WallMPRIS? {
        guard enabled, let mpris = WallMPRIS.start(wall: wall) else { return nil }
        // Quit is `q`: the session's report and exit status, as if the user had quit.
        mpris.onQuit = { [weak stop] in stop?.stop(.remoteQuit(code: nil)) }
        stop.whenStopping { [weak mpris] in mpris?.stop() }
        return mpris
    }
}
