import ArgumentParser
import Foundation
import GLibMainLoop
import GStreamerKit
import VideoWallCore
import VideoWallEngine

struct ProbeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "probe",
        abstract: "Describe media files or URIs: size, pixel aspect, duration, seekability, codecs.")

    @Flag(name: .long, help: "Print JSON instead of text.")
    var json = false

    @Option(name: .long, help: "Seconds to wait for each source's description (more than 0, at most 3600).")
    var timeout: Double = 15

    @Option(name: .long, help: ArgumentHelp("Which decoders to say a tile would use, as for 'play' (auto, no, nvdec, vaapi, v4l2).", valueName: "auto|no|nvdec|vaapi|v4l2"))
    var hwdec = "auto"

    @Flag(name: .long, help: "Also say whether this machine can decode them all at once as tiles of one wall: each source is decoded for a second and a half to measure it; what will not keep up, and what would.")
    var capacity = false

    @Argument(help: "Paths or URIs (file, http, https, HLS).")
    var media: [String]

    func validate() throws {
        if media.isEmpty { throw ValidationError("give at least one path or URI to probe") }
        try NumberChecks.seconds(timeout, option: "--timeout", maximum: 3600)
        _ = try HardwareDecoding.option(hwdec)
    }

    func run() throws {
        do { try GStreamer.initialize() } catch {
            Console.error("GStreamer could not start: \(error)")
            throw ExitStatus.startupFailed
        }
        let hardwareDecoders = ((try? HardwareDecoding.option(hwdec)) ?? .auto).apply()
        let sources = media, timeout = self.timeout
        let results = try MainActor.assumeIsolated {
            try MainLoop.runUntilComplete { await AssetLoader.loadAll(sources, timeout: .seconds(timeout)) }
        }
        let descriptions = results.map { result -> AssetDescription in
            switch result {
            case .success(let asset): return AssetDescription(asset)
            case .failure(let error): return AssetDescription(failed: error)
            }
        }
        for case .failure(let error) in results { Console.error(error.description) }
        let hasHardware = !hardwareDecoders.isEmpty
        let estimate = capacity ? MainActor.assumeIsolated { try? MainLoop.runUntilComplete { await Self.capacity(of: results, hasHardwareDecoders: hasHardware) } } ?? nil : nil
        if json {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
            let document = ProbeDocument(sources: descriptions, capacity: estimate.map { CapacityDescription($0) })
            let encoded: Data
            if capacity { encoded = try encoder.encode(document) } else { encoded = try encoder.encode(descriptions) }
            do { try Console.write(String(decoding: encoded, as: UTF8.self), to: "-") } catch {
                Console.error("cannot write the descriptions: \(error.localizedDescription)")
                GStreamer.deinitialize()
                throw ExitStatus.outputLost
            }
        } else {
            for description in descriptions where description.error == nil { print(description.text) }
            if let estimate { print("capacity:\n" + estimate.lines.map { "  " + $0 }.joined(separator: "\n")) }
        }
        let failed = results.filter { if case .failure = $0 { true } else { false } }.count
        SessionEnd.deinitializeGStreamer()
        throw ExitStatus.forResult(failedTiles: failed, totalTiles: results.count)
    }
}

extension ProbeCommand {
    /// Each described source decoded for a moment, one after another (the processor time
    /// measured is the whole process's), as the tiles of one wall.
    @MainActor
    static func capacity(of results: [Result<Asset, AssetError>], hasHardwareDecoders: Bool) async -> CapacityEstimate {
        var tiles: [CapacityEstimate.Tile] = []
        var measured: [String: DecodeSpeed.Measured] = [:]
        for case .success(let asset) in results {
            guard let video = asset.video else { continue }
            if measured[asset.uri] == nil, let speed = await DecodeSpeed.measure(uri: asset.uri) { measured[asset.uri] = speed }
            guard let speed = measured[asset.uri] else { continue }
            tiles.append(CapacityEstimate.Tile(name: Console.name(asset.source), framesPerSecond: video.frameRate ?? 30,
                                               decodedPerCoreSecond: speed.framesPerCoreSecond, width: video.width, height: video.height,
                                               hardware: speed.hardware))
        }
        return CapacityEstimate(tiles: tiles, cores: ProcessInfo.processInfo.activeProcessorCount, hasHardwareDecoders: hasHardwareDecoders)
    }
}

/// `probe --capacity --json`: the sources, and the estimate.
struct ProbeDocument: Codable {
    var sources: [AssetDescription]
    var capacity: CapacityDescription?
}

struct CapacityDescription: Codable {
    var cores: Int
    var neededCores: Double
    var keepsUp: Bool
    var tilesThatFit: Int
    var heightThatFits: Int?
    var verdict: [String]

    init(_ estimate: CapacityEstimate) {
        cores = estimate.cores
        neededCores = (estimate.neededCores * 100).rounded() / 100
        keepsUp = estimate.keepsUp
        tilesThatFit = estimate.tilesThatFit
        heightThatFits = estimate.heightThatFits
        verdict = estimate.lines
    }
}

/// The JSON form of an asset (and the source of the text form).
struct AssetDescription: Codable {
    var source: String
    var uri: String?
    var durationSeconds: Double?
    var width: Int?
    var height: Int?
    var pixelAspectRatio: String?
    var displayWidth: Int?
    var displayHeight: Int?
    /// The stream's `image-orientation` (`rotate-90`...), when it has one; the display size is
    /// the upright picture's, as the wall shows it.
    var orientation: String?
    var frameRate: Double?
    var videoCodec: String?
    /// The video decoder a tile would play it with (under `--hwdec`).
    var videoDecoder: String?
    var audioCodec: String?
    var audioChannels: Int?
    var container: String?
    var seekable: Bool?
    var live: Bool?
    var tags: [String: String]?
    var error: String?

    init(_ asset: Asset) {
        source = asset.source
        uri = asset.uri
        durationSeconds = asset.duration?.seconds
        width = asset.video?.width
        height = asset.video?.height
        pixelAspectRatio = asset.video.map { "\($0.pixelAspect.numerator):\($0.pixelAspect.denominator)" }
        displayWidth = asset.video.map { Int($0.displaySize.width.rounded()) }
        displayHeight = asset.video.map { Int($0.displaySize.height.rounded()) }
        orientation = asset.video?.orientation?.rawValue
        frameRate = asset.video?.frameRate
        videoCodec = asset.video?.codec
        videoDecoder = asset.video?.decoder
        audioCodec = asset.audio?.codec
        audioChannels = asset.audio?.channels
        container = asset.container
        seekable = asset.isSeekable
        live = asset.isLive
        tags = asset.tags.isEmpty ? nil : asset.tags
    }

    init(failed error: AssetError) {
        source = error.source
        self.error = error.reasonText
    }

    var text: String {
        var lines = [Console.name(source)]
        if let width, let height {
            var size = "  video: \(width)x\(height)"
            let turned = orientation.map { $0 != VideoOrientation.rotate0.rawValue } ?? false
            if let displayWidth, let displayHeight, pixelAspectRatio != "1:1" || turned {
                let why = [pixelAspectRatio.flatMap { $0 == "1:1" ? nil : "pixel aspect \($0)" },
                           turned ? orientation.map { "orientation \($0)" } : nil].compactMap { $0 }
                size += " (\(why.joined(separator: ", ")), shown as \(displayWidth)x\(displayHeight))"
            }
            if let frameRate { size += String(format: " at %.3g fps", frameRate) }
            lines.append(size + ", \(videoCodec ?? "unknown codec")" + (videoDecoder.map { ", decoded by \($0)" } ?? ", no decoder for it"))
        }
        if let audioCodec { lines.append("  audio: \(audioCodec), \(audioChannels ?? 0) channels") }
        if let container { lines.append("  container: \(container)") }
        lines.append("  duration: \(durationSeconds.map { TimeFormatting.precise(.seconds($0)) } ?? "unknown")")
        lines.append("  seekable: \(seekable == true ? "yes" : "no"), live: \(live == true ? "yes" : "no")")
        return lines.joined(separator: "\n")
    }
}
