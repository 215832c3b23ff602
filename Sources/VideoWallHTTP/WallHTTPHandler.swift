import FlyingFox
import Foundation
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote


/// The API's routes (README, "Web control page"), each request first put to the access rule.
/// Runs on FlyingFox's tasks; what touches the wall hops to the main actor through the remote.
struct WallHTTPHandler: HTTPHandler {
    let settings: WallHTTPServer.Settings
    let remote: WallRemote
    let services: WallHTTPServer.Services
    let thumbnails = ThumbnailCache()
    let media: MediaFolder?
    let rule: HTTPAccessRule
    let started = Date()

    /// A command's body is a line of the JSON IPC: far below this.
    static let largestCommand = 64 * 1024

    init(settings: WallHTTPServer.Settings, remote: WallRemote, services: WallHTTPServer.Services) {
        self.settings = settings
        self.remote = remote
        self.services = services
        media = settings.mediaFolder.map { MediaFolder(path: $0, uploadLimit: settings.uploadLimit) }
        rule = HTTPAccessRule(token: settings.token)
    }

    /// FlyingFox reads what is left of a body of up to 2 MiB itself before it answers; past
    /// that, a refusal given before the body was read must read it here (up to this much), or
    /// closing the connection with it unread resets it and the client never sees the refusal.
    static let drainedAtMost = 64 << 20

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        let reading = BodyReading()
        let response = await answer(request, reading: reading)
        if response.statusCode.code >= 400, !reading.started, let count = request.bodySequence.count, count > 2 << 20 {
            var left = Self.drainedAtMost
            do {
                for try await chunk in request.bodySequence {
                    left -= chunk.count
                    if left <= 0 { break }
                }
            } catch {}
        }
        return response
    }

    private func answer(_ request: HTTPRequest, reading: BodyReading) async -> HTTPResponse {
        // FlyingFox hears only the front door, which names the peer (`HTTPFrontDoor`).
        let peer = request.headers[HTTPHeader(HTTPRequestHead.peerHeader)] ?? ""
        let verdict = rule.verdict(method: request.method.rawValue, fromLoopback: Self.isLoopback(peer),
                                   authorization: request.headers[.authorization], origin: request.headers[HTTPHeader("Origin")],
                                   host: request.headers[.host])
        switch verdict {
        case .allowed: break
        case .unauthorized(let why): return Self.error(.unauthorized, why, headers: [HTTPHeader("WWW-Authenticate"): "Bearer"])
        case .forbidden(let why): return Self.error(.forbidden, why)
        }
        let parts = request.path.split(separator: "/").map(String.init)
        switch (request.method, parts.joined(separator: "/")) {
        case (.GET, ""):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/html; charset=utf-8", HTTPHeader("Content-Security-Policy"): ControlPage.policy],
                                body: Data(ControlPage.html.utf8))
        case (.GET, "favicon.svg"):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/svg+xml", .cacheControl: "max-age=86400"], body: Data(ControlPage.icon.utf8))
        case (.GET, "api/v1/openapi.json"):
            return Self.json(.ok, OpenAPIDocument.text)
        case (.GET, "api/v1/state"):
            return Self.json(.ok, await state().jsonText)
        case (.POST, "api/v1/command"):
            return await command(request, reading: reading)
        case (.GET, "api/v1/events"):
            return HTTPResponse(statusCode: .ok, headers: [.contentType: "text/event-stream", .cacheControl: "no-cache"],
                                body: HTTPBodySequence(from: EventStreamBody(lines: await remote.eventLines())))
        case (.GET, "api/v1/media"):
            guard let media else { return Self.error(.notFound, "no media folder (--media-folder)") }
            return Self.json(.ok, JSONValue.object(["folder": .string(media.path), "files": .array(media.files().map { JSONValue.string($0) })]).jsonText)
        case (.POST, "api/v1/media"):
            guard let media else { return Self.error(.notFound, "no media folder (--media-folder)") }
            return await media.upload(request, name: request.query["name"], isMedia: services.isMedia, reading: reading)
        default:
            break
        }
        // api/v1/tiles/N/...
        if parts.count == 5, Array(parts[0...2]) == ["api", "v1", "tiles"] {
            switch (request.method, parts[4]) {
            case (.GET, "thumbnail.jpg"): return await thumbnail(parts[3], width: request.query["width"])
            case (.POST, "source"): return await source(parts[3], request, reading: reading)
            case (.GET, "playlist"): return await playlist(parts[3])
            case (.PUT, "playlist"): return await savePlaylist(parts[3], request, reading: reading)
            default: break
            }
        }
        return Self.error(.notFound, "no such resource")
    }

    private func state() async -> JSONValue {
        guard case .object(var fields) = await remote.stateDocument() else { return .null }
        fields["layout"] = .array(settings.regions.map { .array($0.map(JSONValue.number)) })
        fields["media-folder"] = .bool(media != nil)
        fields["system"] = SystemFigures.now(since: started, version: settings.version)
        return .object(fields)
    }

    private func command(_ request: HTTPRequest, reading: BodyReading) async -> HTTPResponse {
        guard let length = request.bodySequence.count, length <= Self.largestCommand else {
            return Self.error(.payloadTooLarge, "a command is at most \(Self.largestCommand) bytes, with a Content-Length")
        }
        guard let text = await Self.bodyText(of: request, reading: reading) else {
            return Self.error(.badRequest, "the body must be UTF-8 JSON")
        }
        return Self.reply(await remote.answer(text.replacingOccurrences(of: "\n", with: " "), role: .control))
    }

    private func thumbnail(_ number: String, width: String?) async -> HTTPResponse {
        guard let tile = Self.tileNumber(number) else { return Self.error(.notFound, "no such tile") }
        let width = width.flatMap { Int($0) }.map { min(max($0, 16), 1920) } ?? 320
        let thumbnail = services.thumbnail
        guard let jpeg = await thumbnails.jpeg(tile: tile, width: width, make: { await thumbnail(tile - 1, width) }) else {
            return Self.error(.notFound, "tile \(tile) shows no frame")
        }
        return HTTPResponse(statusCode: .ok, headers: [.contentType: "image/jpeg", .cacheControl: "no-store"], body: Data(jpeg))
    }

    private func source(_ number: String, _ request: HTTPRequest, reading: BodyReading) async -> HTTPResponse {
        guard let tile = Self.tileNumber(number) else { return Self.error(.notFound, "no such tile") }
        guard let media else { return Self.error(.notFound, "no media folder (--media-folder)") }
        guard let length = request.bodySequence.count, length <= Self.largestCommand else {
            return Self.error(.badRequest, #"the body must be {"media": NAME}"#)
        }
        guard let text = await Self.bodyText(of: request, reading: reading), case .object(let fields)? = JSONValue(parsing: Substring(text)),
              let name = fields["media"]?.stringValue else {
            return Self.error(.badRequest, #"the body must be {"media": NAME}"#)
        }
        guard let path = media.path(of: name) else { return Self.error(.notFound, "no such file in the media folder") }
        let command = JSONValue.object(["command": .array([.string("loadfile"), .string(path), .string("replace"), .number(Double(tile))])])
        return Self.reply(await remote.answer(command.jsonText, role: .control))
    }

    /// A playlist of the most items, each with every field: far below this.
    static let largestPlaylist = 4 << 20

    private func playlist(_ number: String) async -> HTTPResponse {
        guard let tile = Self.tileNumber(number) else { return Self.error(.notFound, "no such tile") }
        // A list that cannot be edited here is an answer, not an error: the page says why.
        guard let editor = services.playlists else { return Self.json(.ok, PlaylistJSON.notEditable(tile: tile, PlaylistJSON.noLayout).jsonText) }
        switch await editor.read(tile) {
        case .success(let items): return Self.json(.ok, PlaylistJSON.document(tile: tile, items: items).jsonText)
        case .failure(let refusal) where refusal.kind == .notEditable:
            return Self.json(.ok, PlaylistJSON.notEditable(tile: tile, refusal.reason).jsonText)
        case .failure(let refusal): return Self.error(refusal.status, refusal.reason)
        }
    }

    private func savePlaylist(_ number: String, _ request: HTTPRequest, reading: BodyReading) async -> HTTPResponse {
        guard let tile = Self.tileNumber(number) else { return Self.error(.notFound, "no such tile") }
        guard let editor = services.playlists else { return Self.error(.conflict, PlaylistJSON.noLayout) }
        guard let length = request.bodySequence.count, length <= Self.largestPlaylist else {
            return Self.error(.payloadTooLarge, "a playlist is at most \(Self.largestPlaylist) bytes, with a Content-Length")
        }
        guard let text = await Self.bodyText(of: request, reading: reading), let parsed = JSONValue(parsing: Substring(text)) else {
            return Self.error(.badRequest, "the body must be UTF-8 JSON")
        }
        let items: [PlaylistEditor.Item]
        switch PlaylistJSON.items(from: parsed) {
        case .success(let read): items = read
        case .failure(let why): return Self.error(.badRequest, why.reason)
        }
        switch await editor.save(tile, items) {
        case .success(let skipped):
            return Self.json(.ok, JSONValue.object(["error": .string("success"), "tile": .number(Double(tile)),
                                                    "skipped": .array(skipped.map(JSONValue.string))]).jsonText)
        case .failure(let refusal): return Self.error(refusal.status, refusal.reason)
        }
    }

    /// The body as UTF-8 text (its length checked by the caller); nil when it is not.
    private static func bodyText(of request: HTTPRequest, reading: BodyReading) async -> String? {
        reading.started = true
        guard let body = try? await request.bodyData else { return nil }
        return String(data: body, encoding: .utf8)
    }

    // MARK: Answers

    /// The IPC's reply as it is: 200 when it says success, 400 (its reason in it) otherwise.
    static func reply(_ line: String) -> HTTPResponse {
        let succeeded = JSONValue(parsing: Substring(line)).flatMap { value -> Bool? in
            guard case .object(let fields) = value else { return nil }
            return fields["error"] == .string("success")
        } ?? false
        return json(succeeded ? .ok : .badRequest, line)
    }

    static func json(_ status: HTTPStatusCode, _ text: String) -> HTTPResponse {
        HTTPResponse(statusCode: status, headers: [.contentType: "application/json", .cacheControl: "no-store"], body: Data((text + "\n").utf8))
    }

    static func error(_ status: HTTPStatusCode, _ reason: String, headers: [HTTPHeader: String] = [:]) -> HTTPResponse {
        var response = json(status, JSONValue.object(["error": .string(reason)]).jsonText)
        for (name, value) in headers { response.headers[name] = value }
        return response
    }

    static func tileNumber(_ text: String) -> Int? {
        guard text.count <= 3, let number = Int(text), (1...64).contains(number) else { return nil }
        return number
    }

    /// A numeric address (an IPv4-mapped IPv6 one too) is 127.0.0.0/8 or ::1.
    static func isLoopback(_ peer: String) -> Bool {
        ControlPortAccess.isLoopback(peer.lowercased().hasPrefix("::ffff:") ? String(peer.dropFirst(7)) : peer)
    }
}

extension PlaylistEditor.Refusal {
    var status: HTTPStatusCode {
        switch kind {
        case .noSuchTile: .notFound
        case .notEditable: .conflict
        case .invalid: .unprocessableContent
        case .failed: .internalServerError
        }
    }
}

/// Whether a route began reading the request's body (then what is left of it is not drained).
final class BodyReading: @unchecked Sendable {
    var started = false
}
