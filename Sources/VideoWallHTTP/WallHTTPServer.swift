import FlyingFox
import FlyingSocks
import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote

/// The web control page and its HTTP API (`--http [ADDRESS:]PORT`), served by FlyingFox on
/// tasks of its own, never on the main thread: a slow or hostile client holds one of those
/// tasks, not the wall. Every command goes through the same remote as the JSON IPC
/// (`WallRemote.answer`), as a client with full control, under `HTTPAccessRule`.
///
/// The server runs until it is dropped (or `stop()`).
@MainActor
public final class WallHTTPServer {
    public struct Settings: Sendable {
        /// A numeric address: 127.0.0.1 unless the user opens it (then only with a token).
        public var address: String
        /// 0: any free port (`port` says which).
        public var port: Int
        /// `Authorization: Bearer` asks for this (`--http-token-file`, or the wall key).
        public var token: String?
        /// The folder the page lists sources from and uploads into; nil: no media folder.
        public var mediaFolder: String?
        /// The largest upload, in bytes (`--upload-limit`).
        public var uploadLimit: Int
        /// Each tile's region on the wall, as fractions of the canvas (x, y, width, height), in
        /// tile order: the page draws the wall as its layout.
        public var regions: [[Double]]
        /// What the system panel says the program is.
        public var version: String

        public init(address: String = "127.0.0.1", port: Int, token: String? = nil, mediaFolder: String? = nil,
                    uploadLimit: Int = 2 << 30, regions: [[Double]] = [], version: String = "") {
            self.address = address
            self.port = port
            self.token = token
            self.mediaFolder = mediaFolder
            self.uploadLimit = uploadLimit
            self.regions = regions
            self.version = version
        }
    }

    /// What the program hands the server: a tile's current frame as a JPEG of a width
    /// (`Wall.thumbnail`), and whether a file is media GStreamer can describe (an upload is
    /// kept only then).
    public struct Services: Sendable {
        public var thumbnail: @Sendable (_ tile: Int, _ width: Int) async -> [UInt8]?
        public var isMedia: @Sendable (_ path: String) async -> Bool
        /// A tile's playlist read from and saved to the layout; nil: the wall has no layout
        /// file to save into.
        public var playlists: PlaylistEditor?

        public init(thumbnail: @escaping @Sendable (Int, Int) async -> [UInt8]?, isMedia: @escaping @Sendable (String) async -> Bool,
                    playlists: PlaylistEditor? = nil) {
            self.thumbnail = thumbnail
            self.isMedia = isMedia
            self.playlists = playlists
        }
    }

    /// The longest one request may take: a 2 GiB upload at 30 Mb/s.
    static let requestTimeout: TimeInterval = 600

    private let server: HTTPServer
    private var task: Task<Void, Error>?
    private let frontDoor: HTTPFrontDoor
    /// The folder (mode 0700) of the Unix socket FlyingFox listens on behind the front door.
    private let innerFolder: String
    /// The port it listens on.
    public var port: Int { frontDoor.port }

    private init(server: HTTPServer, task: Task<Void, Error>, frontDoor: HTTPFrontDoor, innerFolder: String) {
        self.server = server
        self.task = task
        self.frontDoor = frontDoor
        self.innerFolder = innerFolder
    }

    /// Starts serving `remote`'s wall; throws when the address cannot be listened on.
    public static func start(_ settings: Settings, remote: WallRemote, services: Services) async throws -> WallHTTPServer {
        let address: any SocketAddress = settings.address.contains(":")
            ? try sockaddr_in6.inet6(ip6: settings.address, port: UInt16(settings.port))
            : try sockaddr_in.inet(ip4: settings.address, port: UInt16(settings.port))
        var template = Array((NSTemporaryDirectory() + "/videowall-http-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else { throw WallHTTPServerError(description: "cannot make a private folder for the server's socket") }
        let folder = String(cString: made)
        let inner = sockaddr_un.unix(path: folder + "/http.sock")
        let handler = WallHTTPHandler(settings: settings, remote: remote, services: services)
        // FlyingFox's timeout bounds the handling of one request, an upload's body included.
        let server = HTTPServer(address: inner, timeout: Self.requestTimeout, logger: .disabled, handler: handler)
        let task = Task { try await server.run() }
        do {
            try await server.waitUntilListening(timeout: 5)
            let frontDoor = try await HTTPFrontDoor(address: address, inner: inner)
            return WallHTTPServer(server: server, task: task, frontDoor: frontDoor, innerFolder: folder)
        } catch {
            task.cancel()
            Self.remove(folder)
            throw error
        }
    }

    /// Stops listening and closes every connection.
    public func stop() {
        frontDoor.stop()
        guard let task else { return }
        task.cancel()
        self.task = nil
        Self.remove(innerFolder)
    }

    private static func remove(_ folder: String) {
        unlink(folder + "/http.sock")
        rmdir(folder)
    }

    isolated deinit { stop() }
}

struct WallHTTPServerError: Error, CustomStringConvertible {
    var description: String
}
