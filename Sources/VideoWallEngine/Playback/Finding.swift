internal import GStreamerKit
import VideoWallCore

/// What a tile's streaming threads find out, carried to the player as an application message
/// on the tile's own bus, so it arrives in one order with the pipeline's state changes, errors
/// and end of stream (a media size cannot overtake the state change that preceded it).
enum Finding: Equatable {
    /// The decoder was about to be given a picture larger than a tile plays.
    case oversize(String)
    /// The tile's playlist asked for a fetch off the network.
    case refusedFetch(String)
    /// A gapless wrap: the next pass began; the previous one ended at this position.
    case wrapped(endingAt: MediaTime?)
    /// A seek past the end stopped a pass in segment mode, showing this stream time.
    case passStopped(showing: MediaTime?)
    /// The stream's video format was negotiated (or changed).
    case videoFormat(VideoFormat)
    /// Why a network source that broke off cannot be reached ("" when it can: the cause is
    /// elsewhere), looked for after a generic stream error.
    case connectionChecked(String)
    /// A segment of an adaptive stream could not be fetched and was skipped (what the
    /// fetcher said, on one line).
    case segmentSkipped(String)
    /// Timed metadata read from the stream (`TimedMetadataTap`), due at this running time
    /// (nil: now).
    case timedMetadata([String: String], runningTime: MediaTime?)
    /// The pass is over though no end of stream came: the clock went well past its last frame
    /// after the seek meant to end it (`Player.watchForMissingEnd`). The wall takes it as the
    /// tile's end of stream.
    case endOfStreamMissing
    /// A frame reached the tile's sink after `Player.whenNextFrameArrives` asked.
    case frameArrived
    /// A video decoder was made for the tile (its element factory's name, as `gst-inspect-1.0`
    /// lists it).
    case videoDecoder(String)

    private static let prefix = "videowall-"
    private static let tagPrefix = "tag:"

    var message: ApplicationMessage {
        switch self {
        case .oversize(let why):
            return ApplicationMessage(Self.prefix + "oversize", ["reason": .string(why)])
        case .refusedFetch(let uri):
            return ApplicationMessage(Self.prefix + "refused-fetch", ["uri": .string(uri)])
        case .wrapped(let end):
            return ApplicationMessage(Self.prefix + "wrapped", end.map { ["time": .integer($0.nanoseconds)] } ?? [:])
        case .passStopped(let shown):
            return ApplicationMessage(Self.prefix + "pass-stopped", shown.map { ["time": .integer($0.nanoseconds)] } ?? [:])
        case .videoFormat(let format):
            var fields: [String: ApplicationMessage.Value] = [
                "width": .integer(Int64(format.width)), "height": .integer(Int64(format.height)),
                "par-n": .integer(Int64(format.pixelAspect.numerator)), "par-d": .integer(Int64(format.pixelAspect.denominator)),
            ]
            if let rate = format.frameRate {
                fields["fps-n"] = .integer(Int64(rate.numerator))
                fields["fps-d"] = .integer(Int64(rate.denominator))
            }
            return ApplicationMessage(Self.prefix + "video-format", fields)
        case .connectionChecked(let cause):
            return ApplicationMessage(Self.prefix + "connection-checked", ["cause": .string(cause)])
        case .segmentSkipped(let what):
            return ApplicationMessage(Self.prefix + "segment-skipped", ["what": .string(what)])
        case .timedMetadata(let tags, let runningTime):
            var fields = Dictionary(uniqueKeysWithValues: tags.map { (Self.tagPrefix + $0.key, ApplicationMessage.Value.string($0.value)) })
            if let runningTime { fields["time"] = .integer(runningTime.nanoseconds) }
            return ApplicationMessage(Self.prefix + "timed-metadata", fields)
        case .endOfStreamMissing:
            return ApplicationMessage(Self.prefix + "end-of-stream-missing", [:])
        case .frameArrived:
            return ApplicationMessage(Self.prefix + "frame-arrived", [:])
        case .videoDecoder(let name):
            return ApplicationMessage(Self.prefix + "video-decoder", ["name": .string(name)])
        }
    }

    /// Reads a finding back; nil for any other application message.
    init?(_ message: ApplicationMessage) {
        let time = message.integer("time").map { MediaTime(nanoseconds: $0) }
        switch message.name {
        case Self.prefix + "oversize":
            self = .oversize(message.string("reason") ?? "")
        case Self.prefix + "refused-fetch":
            self = .refusedFetch(message.string("uri") ?? "")
        case Self.prefix + "wrapped":
            self = .wrapped(endingAt: time)
        case Self.prefix + "pass-stopped":
            self = .passStopped(showing: time)
        case Self.prefix + "video-format":
            guard let width = message.integer("width"), let height = message.integer("height"),
                  let parN = message.integer("par-n"), let parD = message.integer("par-d") else { return nil }
            let rate = message.integer("fps-n").flatMap { n in message.integer("fps-d").map { (Int(n), Int($0)) } }
            self = .videoFormat(VideoFormat(width: Int(width), height: Int(height), pixelAspect: (Int(parN), Int(parD)), frameRate: rate))
        case Self.prefix + "connection-checked":
            self = .connectionChecked(message.string("cause") ?? "")
        case Self.prefix + "segment-skipped":
            self = .segmentSkipped(message.string("what") ?? "")
        case Self.prefix + "timed-metadata":
            let tags = message.fields.compactMap { key, value -> (String, String)? in
                guard key.hasPrefix(Self.tagPrefix), case .string(let text) = value else { return nil }
                return (String(key.dropFirst(Self.tagPrefix.count)), text)
            }
            self = .timedMetadata(Dictionary(tags, uniquingKeysWith: { a, _ in a }), runningTime: time)
        case Self.prefix + "end-of-stream-missing":
            self = .endOfStreamMissing
        case Self.prefix + "frame-arrived":
            self = .frameArrived
        case Self.prefix + "video-decoder":
            self = .videoDecoder(message.string("name") ?? "")
        default:
            return nil
        }
    }
}
