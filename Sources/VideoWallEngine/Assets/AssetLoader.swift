import Foundation
internal import GStreamerKit
import VideoWallCore

/// Loads asset descriptions through GstDiscoverer in async mode, all at once.
@MainActor
package enum AssetLoader {
    /// Describes one source. Local files are checked first (missing, empty) so the error says
    /// exactly that; the rest is GstDiscoverer's verdict, sorted into a typed reason, except
    /// whether an HTTP file can seek, which its server is asked (`ByteRangeProbe`). Nothing
    /// here touches a file on the main thread: the checks (a `stat` can hang on a dead network
    /// mount) and the discovery run on threads of their own. Cancelling the task stops it.
    package static func load(_ source: String, timeout: Duration = .seconds(15)) async throws(AssetError) -> Asset {
        try await load(source, seconds: timeout.inSeconds)
    }

    /// `load(_:timeout:)` with the timeout in seconds, as the checks and the discoverer count it.
    /// `forTile`: the source is to play in a tile, so a picture past `SourceLimits` is refused
    /// while it is described, before a frame of it is decoded (`probe` describes any size).
    static func load(_ source: String, seconds timeout: Double, forTile: Bool = false) async throws(AssetError) -> Asset {
        // Only the schemes a wall opens reach GStreamer (what a remote client or a leader may
        // name is checked where it arrives).
        if let why = SourceSchemes.refusal(of: source, namedByUser: true) { throw AssetError(source: source, reason: .invalidLocation(why)) }
        let uri = MediaLocation.uri(for: source)
        if let path = MediaLocation.localPath(for: source) {
            let check = await BlockingCalls.run("checking \(path)", timeout: timeout) { FileCheck(path: path) }
            guard let check else { throw AssetError(source: source, reason: .timedOut(seconds: Int(timeout))) }
            if let problem = check.problem { throw AssetError(source: source, reason: problem) }
        }
        // The description obeys the tile's fetch rules: a remote playlist's local segments
        // are not read to describe them, and a missing segment is skipped.
        let refusals = FetchRefusals()
        let rules = NetworkFetchRules(sourceURI: uri, onRefusal: { refusals.add($0) }, onSkip: { _ in })
        // A picture past `SourceLimits` is not decoded to describe it either (an 8K frame pool
        // is a gigabyte): its decoder is given nothing and stops the discovery at once.
        let oversize = OversizeGuard { why, decoder in
            refusals.refuseSize(why)
            decoder?.postError(why)
        }
        defer { oversize.stop() }
        let result = await Discoverer.describe(uri: uri, timeout: timeout, elementAdded: { element in
            rules.apply(to: element)
            let kind = element.classification
            if forTile, kind.contains("Decoder"), kind.contains("Video") { oversize.watch(decoder: element) }
        })
        if let refused = refusals.first { throw AssetError(source: source, reason: .refusedFetch(refused)) }
        if let why = refusals.size { throw AssetError(source: source, reason: .tooLarge(why)) }
        switch result {
        case .success(let info):
            guard var asset = makeAsset(source: source, info: info) else { throw AssetError(source: source, reason: .noVideo) }
            if asset.isSeekable, ByteRangeProbe.applies(to: info) {
                asset.isSeekable = await ByteRangeProbe.servesRanges(uri: info.uri, timeout: timeout)
            }
            return asset
        case .failure(let failure):
            throw AssetError(source: source, reason: reason(for: failure, uri: uri, timeout: timeout))
        }
    }

    /// The asset, if one tile may play it: a picture past `SourceLimits` is refused with its
    /// size. (`probe` describes any size; a wall refuses it before its first frame.)
    package static func playableInATile(_ asset: Asset) throws(AssetError) -> Asset {
        if let video = asset.video, let why = SourceLimits.refusal(width: video.width, height: video.height) {
            throw AssetError(source: asset.source, reason: .tooLarge(why))
        }
        return asset
    }

    /// Loads every source concurrently (one discoverer each); results keep the input order.
    package static func loadAll(_ sources: [String], timeout: Duration = .seconds(15)) async -> [Result<Asset, AssetError>] {
        let timeout = timeout.inSeconds
        // Unstructured main-actor tasks: every discoverer is started before the first answer is awaited.
        let tasks = sources.map { source in
            Task { @MainActor () -> Result<Asset, AssetError> in
                do throws(AssetError) { return .success(try await load(source, seconds: timeout)) } catch { return .failure(error) }
            }
        }
        var results: [Result<Asset, AssetError>] = []
        for task in tasks { results.append(await task.value) }
        return results
    }

    static func makeAsset(source: String, info: MediaInfo) -> Asset? {
        guard let stream = info.videoStreams.first else { return nil }
        let par = PixelAspectRatio(numerator: max(1, stream.pixelAspect.numerator), denominator: max(1, stream.pixelAspect.denominator))
        let rate = stream.frameRate.map { Double($0.numerator) / Double($0.denominator) }
        let frameDuration = stream.frameRate.map {
            MediaTime(nanoseconds: Int64((1_000_000_000 * Double($0.denominator) / Double($0.numerator)).rounded()))
        }
        let orientation = VideoOrientation(tag: info.tags["image-orientation"])
        let coded = AspectFit.displaySize(width: stream.width, height: stream.height, pixelAspect: par)
        let video = Asset.Video(width: stream.width, height: stream.height, pixelAspect: par,
                                displaySize: PictureRotation.auto.shownSize(of: coded, orientation: orientation), orientation: orientation,
                                frameRate: rate, frameDuration: frameDuration, codec: stream.codec,
                                bitrate: stream.bitrate ?? Self.bitrate(inTags: info.tags), decoder: stream.decoder)
        let audio = info.audioStreams.first.map { Asset.Audio(channels: $0.channels, sampleRate: $0.sampleRate, codec: $0.codec) }
        return Asset(source: source, uri: info.uri, duration: info.duration.map(MediaTime.init),
                     isSeekable: info.isSeekable, isLive: info.isLive, container: info.container,
                     video: video, audio: audio, tags: info.tags)
    }

    /// The container's bit rate tag (`bitrate`, else `nominal-bitrate`), if it is a sane number.
    static func bitrate(inTags tags: [String: String]) -> Int? {
        for name in ["bitrate", "nominal-bitrate"] {
            if let text = tags[name], let value = Int(text), (1...10_000_000_000).contains(value) { return value }
        }
        return nil
    }

    /// Sorts GstDiscoverer's failure into what the user can act on.
    static func reason(for failure: DiscoveryFailure, uri: String, timeout: Double) -> AssetError.Reason {
        switch failure {
        case .invalidURI(let u): return .invalidLocation(u)
        case .timedOut: return .timedOut(seconds: Int(timeout))
        case .cancelled: return .playbackFailed(failure.description)
        case .missingPlugins(let names): return .missingPlugin(names.joined(separator: ", "))
        case .failed(let error):
            // GstDiscoverer often reports a refused connection as a generic stream error: for
            // a network URI every failure that is not a missing plugin is a network failure.
            let message = GStreamerText.readable(error.message)
            if MediaLocation.isNetwork(uri) { return .network(message) }
            if error.domain.contains("resource") && error.code == 3 /* GST_RESOURCE_ERROR_NOT_FOUND */ { return .notFound }
            return .notMediaFile(message)
        }
    }
}

/// The fetches a description refused, first one first, and a picture refused for its size
/// (any thread).
final class FetchRefusals: @unchecked Sendable {
    private let lock = NSLock()
    private var uris: [String] = []
    private var sizeRefusal: String?

    func add(_ uri: String) {
        lock.lock(); defer { lock.unlock() }
        uris.append(uri)
    }

    /// The picture is larger than a tile plays (why).
    func refuseSize(_ why: String) {
        lock.lock(); defer { lock.unlock() }
        if sizeRefusal == nil { sizeRefusal = why }
    }

    var size: String? {
        lock.lock(); defer { lock.unlock() }
        return sizeRefusal
    }

    var first: String? {
        lock.lock(); defer { lock.unlock() }
        return uris.first
    }
}

/// What a local path is, read with `stat` (on a worker thread: it can block).
struct FileCheck: Sendable {
    var problem: AssetError.Reason?

    init(path: String) {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            problem = .notFound
            return
        }
        if isDirectory.boolValue { problem = .notMediaFile("it is a directory"); return }
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? NSNumber)?.intValue ?? 0
        // A FIFO or a device has no size and is not empty: only a regular file can be.
        let type = (try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType) ?? .typeRegular
        if size == 0 && type == .typeRegular { problem = .emptyFile }
    }
}
