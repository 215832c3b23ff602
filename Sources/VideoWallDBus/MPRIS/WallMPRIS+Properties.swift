internal import CGio
import VideoWallCore
import VideoWallProtocol
import VideoWallEngine

/// The properties of both interfaces, read live from the wall, and the two writable
/// ones (Rate, Volume), range-checked.
extension WallMPRIS {
    static let identity = "VideoWall"
    static let desktopEntry = "videowall"
    static let uriSchemes = ["file", "http", "https", "rtsp"]
    static let mimeTypes = ["video/mp4", "video/quicktime", "video/webm", "video/x-matroska", "video/mpeg", "video/ogg"]
    /// The remote control's speed range (mpv's `speed` limits, `WallProperty.speedRange`).
    static let rateRange = WallProperty.speedRange
    /// `Wall.setVolume`'s range (mpv's 0 to 130 %).
    static let volumeRange = 0.0...1.3

    /// A property's value as a floating GVariant; nil when it is unknown or unavailable.
    func value(of property: String, in interface: String) -> OpaquePointer? {
        if interface == MPRISInterfaces.root {
            switch property {
            case "CanQuit": return Variant.bool(true)
            case "CanRaise", "HasTrackList": return Variant.bool(false)
            case "Identity": return Variant.string(Self.identity)
            case "DesktopEntry": return Variant.string(Self.desktopEntry)
            case "SupportedUriSchemes": return Variant.strings(Self.uriSchemes)
            case "SupportedMimeTypes": return Variant.strings(Self.mimeTypes)
            default: return nil
            }
        }
        guard let wall else { return nil }
        let snapshot = wall.snapshot
        switch property {
        case "PlaybackStatus": return Variant.string(playbackStatus(of: snapshot))
        case "Rate": return Variant.double(currentRate(of: snapshot))
        case "Volume": return Variant.double(snapshot.volume)
        case "Metadata": return Self.variant(of: MPRISMetadata(tiles: snapshot.tiles, duration: snapshot.duration))
        case "Position": return Variant.int64(Self.microseconds(snapshot.position ?? .zero))
        case "MinimumRate": return Variant.double(Self.rateRange.lowerBound)
        case "MaximumRate": return Variant.double(Self.rateRange.upperBound)
        case "CanGoNext", "CanGoPrevious": return Variant.bool(false)
        case "CanPlay", "CanPause", "CanSeek", "CanControl": return Variant.bool(true)
        default: return nil
        }
    }

    /// nil when the value is taken; else the one-line reason of the refusal.
    func set(_ property: String, of interface: String, to value: OpaquePointer) -> String? {
        guard interface == MPRISInterfaces.player, let wall else { return "MPRIS \(property): not writable" }
        switch property {
        case "Rate":
            guard let rate = Variant.double(of: value), rate.isFinite else { return "MPRIS Rate: not a number" }
            // The specification: a client should not set 0, and if it does, act as Pause.
            if rate == 0 {
                wall.perform(.pause)
            } else {
                guard Self.rateRange.contains(rate) else {
                    return "MPRIS Rate: \(rate) is outside \(Self.rateRange.lowerBound) to \(Self.rateRange.upperBound)"
                }
                changeRate(of: wall, to: rate)
            }
        case "Volume":
            guard let volume = Variant.double(of: value), volume.isFinite else { return "MPRIS Volume: not a number" }
            // Negative values are 0 in the specification; the wall refuses them like any
            // other value out of its range, so a mistyped script hears of it.
            guard Self.volumeRange.contains(volume) else {
                return "MPRIS Volume: \(volume) is outside \(Self.volumeRange.lowerBound) to \(Self.volumeRange.upperBound)"
            }
            wall.perform(.setVolume(volume))
        default:
            return "MPRIS \(property): not writable"
        }
        announceChanges()
        return nil
    }

    /// The speed change is a group seek: it runs on, and Rate reads the new value meanwhile.
    private func changeRate(of wall: Wall, to rate: Double) {
        requestedRate = rate
        rateRequests += 1
        let request = rateRequests
        Task { [weak self] in
            await wall.send(.setRate(rate))
            guard let self, request == self.rateRequests else { return }
            self.requestedRate = nil
            self.announceChanges()
        }
    }

    func currentRate(of snapshot: WallSnapshot) -> Double { requestedRate ?? snapshot.rate }

    func playbackStatus(of snapshot: WallSnapshot) -> String {
        if !snapshot.isPaused { return "Playing" }
        return isStopped || snapshot.transport == .ended ? "Stopped" : "Paused"
    }

    static func microseconds(_ time: MediaTime) -> Int64 { time.nanoseconds / 1000 }

    static func variant(of metadata: MPRISMetadata) -> OpaquePointer {
        var entries = ["mpris:trackid": Variant.objectPath(MPRISMetadata.trackID), "xesam:title": Variant.string(metadata.title)]
        if let length = metadata.length { entries["mpris:length"] = Variant.int64(length) }
        return Variant.dictionary(entries)
    }

    // MARK: Changes

    var state: MPRISState? {
        guard let snapshot = wall?.snapshot else { return nil }
        return MPRISState(playbackStatus: playbackStatus(of: snapshot), rate: currentRate(of: snapshot), volume: snapshot.volume,
                          metadata: MPRISMetadata(tiles: snapshot.tiles, duration: snapshot.duration))
    }

    /// Sends PropertiesChanged with what differs from the last one sent (nothing when nothing does).
    func announceChanges() {
        if let wall, !wall.snapshot.isPaused { isStopped = false }
        guard let now = state, now != announced else { return }
        let before = announced
        announced = now
        guard let before else { return }  // the first look: nobody has been told anything yet
        var changed: [String: OpaquePointer] = [:]
        if now.playbackStatus != before.playbackStatus { changed["PlaybackStatus"] = Variant.string(now.playbackStatus) }
        if now.rate != before.rate { changed["Rate"] = Variant.double(now.rate) }
        if now.volume != before.volume { changed["Volume"] = Variant.double(now.volume) }
        if now.metadata != before.metadata { changed["Metadata"] = Self.variant(of: now.metadata) }
        // org.freedesktop.DBus.Properties.PropertiesChanged (s a{sv} as).
        emit("PropertiesChanged", of: "org.freedesktop.DBus.Properties",
             Variant.tuple([Variant.string(MPRISInterfaces.player), Variant.dictionary(changed), Variant.strings([])]))
    }
}
