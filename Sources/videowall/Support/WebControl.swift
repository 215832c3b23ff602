import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallHTTP
import VideoWallRemote

/// `--http` for a session: the page's server started once the wall exists, wired to the
/// wall's thumbnails and to GStreamer's description of an upload, stopped with the session.
/// It answers through `remote` (a leader's control-port remote, which knows its followers)
/// or, without one, a remote of its own that has no socket.
@MainActor
enum WebControl {
    static func start(_ settings: WebSettings?, wall: Wall, remote: WallRemote?, plan: TilePlan?, reload: LayoutReload?,
                      stop: SessionStop) async throws -> WallHTTPServer? {
        guard let settings else { return nil }
        let answering = remote ?? {
            let own = WallRemote.unattached(wall: wall)
            own.timeline = { [weak wall] in wall?.timeline?.json }
            own.onRefusal = { Console.warning($0) }
            return own
        }()
        let regions = plan?.tiles.map { [$0.regionSpec.frame.x, $0.regionSpec.frame.y, $0.regionSpec.frame.width, $0.regionSpec.frame.height] } ?? []
        let served = WallHTTPServer.Settings(address: settings.address, port: settings.port, token: settings.token, mediaFolder: settings.mediaFolder,
                                             uploadLimit: settings.uploadLimit, regions: regions, version: "videowall on " + GStreamer.versionString)
        let services = WallHTTPServer.Services(
            thumbnail: { [weak wall] tile, width in await wall?.thumbnail(ofTile: tile, width: width) },
            isMedia: { path in await isMedia(path) },
            playlists: reload.map { LayoutPlaylistSaving(reload: $0, wall: wall).editor })
        let server: WallHTTPServer
        do { server = try await WallHTTPServer.start(served, remote: answering, services: services) } catch {
            throw WebControlError(description: "--http \(settings.address):\(settings.port): cannot listen there (\(error))")
        }
        stop.whenStopping { [weak server] in
            server?.stop()
            if remote == nil { answering.stop() }
        }
        // Kept alive with the session: the remote answering for it too.
        stop.whenStopping { withExtendedLifetime((server, answering)) {} }
        return server
    }

    /// Whether GStreamer describes the file as something a tile can play.
    static func isMedia(_ path: String) async -> Bool {
        guard let asset = try? await AssetLoader.load(path, timeout: .seconds(20)) else { return false }
        return (try? AssetLoader.playableInATile(asset)) != nil
    }
}

struct WebControlError: Error, CustomStringConvertible {
    var description: String
}
