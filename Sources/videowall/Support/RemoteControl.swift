import VideoWallEngine
import VideoWallRemote

/// `--input-ipc-server` for a session: the socket opened before the wall loads (a script may
/// connect while it does), `quit` wired to the session's stop, the socket closed with a
/// `shutdown` event when the session stops.
@MainActor
enum RemoteControl {
    /// nil when no socket was asked for; throws the one-line reason when it cannot be opened.
    static func start(_ path: String?, wall: Wall, stop: SessionStop) async throws(IPCSocketError) -> WallRemote? {
        guard let path else { return nil }
        let remote = try await WallRemote.start(at: path, wall: wall)
        remote.timeline = { [weak wall] in wall?.timeline?.json }
        remote.onQuit = { [weak stop] code in stop?.stop(.remoteQuit(code: code.map(Int32.init))) }
        remote.onRefusal = { Console.warning($0) }
        stop.whenStopping { [weak remote] in remote?.stop() }
        return remote
    }
}
