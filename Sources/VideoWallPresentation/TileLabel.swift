import VideoWallCore
/// The short name a tile shows over its picture when the layout gives it no label.
///
/// Full paths and cache names are long, and an overlay that covers half a picture hides what the
/// wall is for; a name cut at the tile's edge reads as a different name. So the label is the
/// base name only, and a long one loses its middle to an ellipsis: the start usually says what
/// the file is, the end its variant and extension.
public enum TileLabel {
    /// Characters a label may take, the ellipsis included.
    public static let defaultLimit = 32

    static let ellipsis: Character = "…"
    /// Where a cut may fall without splitting a word.
    static let separators: Set<Character> = [" ", "-", "_", ".", ",", "+"]

    /// The label for `source` (a path or URI): its base name, shortened to `limit` characters.
    public static func name(forSource source: String, limit: Int = defaultLimit) -> String {
        shortened(baseName(of: source), limit: limit)
    }

    /// The last path component of a path or URI: no folders, and for a URI no query or
    /// fragment and no percent-escapes. A source with no such component is returned whole.
    public static func baseName(of source: String) -> String {
        var path = Substring(source)
        let isURI = source.firstRange(of: "://") != nil
        if isURI {
            path = path.prefix { $0 != "?" && $0 != "#" }
            if let schemeEnd = path.firstRange(of: "://") { path = path[schemeEnd.upperBound...] }
        }
        while path.count > 1, path.last == "/" { path = path.dropLast() }
        let name = path.split(separator: "/", omittingEmptySubsequences: true).last.map(String.init) ?? ""
        if name.isEmpty { return source }
        return isURI ? percentDecoded(name) : name
    }

    /// `text` if it fits in `limit` characters, else a start and an end of it around "…",
    /// `limit` characters at most. Both cuts fall between words when that keeps at least two
    /// thirds of what fits and a quarter on each side; otherwise they fall where the space ends.
    /// Separators next to the ellipsis are dropped.
    public static func shortened(_ text: String, limit: Int) -> String {
        let characters = Array(text)
        let count = characters.count
        guard count > limit else { return text }
        guard limit > 1 else { return limit == 1 ? String(ellipsis) : "" }
        let budget = limit - 1
        var cut = (headEnd: (budget + 1) / 2, tailStart: count - budget / 2)

        let boundaries = (1..<count).filter { isWordBoundary(characters, at: $0) }
        let side = max(1, budget / 4)
        var best: (headEnd: Int, tailStart: Int, kept: Int)?
        for headEnd in boundaries where headEnd >= side && headEnd <= budget - side {
            let earliestTail = count - (budget - headEnd)
            guard let tailStart = boundaries.first(where: { $0 >= earliestTail }), count - tailStart >= side else { continue }
            let kept = headEnd + count - tailStart
            if kept > best?.kept ?? 0 { best = (headEnd, tailStart, kept) }
        }
        if let best, best.kept * 3 >= budget * 2 { cut = (best.headEnd, best.tailStart) }

        var head = characters[..<cut.headEnd], tail = characters[cut.tailStart...]
        while let last = head.last, separators.contains(last), head.count > 1 { head = head.dropLast() }
        while let first = tail.first, separators.contains(first), tail.count > 1 { tail = tail.dropFirst() }
        return String(head) + String(ellipsis) + String(tail)
    }

    /// Whether a cut before `characters[index]` splits no word.
    static func isWordBoundary(_ characters: [Character], at index: Int) -> Bool {
        separators.contains(characters[index - 1]) || separators.contains(characters[index])
    }

    /// Replaces each %XX escape with its byte; the text is kept as it was if the bytes are
    /// not UTF-8.
    static func percentDecoded(_ text: String) -> String {
        var bytes: [UInt8] = []
        var utf8 = Array(text.utf8)[...]
        while let byte = utf8.popFirst() {
            if byte == UInt8(ascii: "%"), utf8.count >= 2,
               let value = UInt8(String(decoding: utf8.prefix(2), as: UTF8.self), radix: 16) {
                bytes.append(value)
                utf8 = utf8.dropFirst(2)
            } else {
                bytes.append(byte)
            }
        }
        return String(validating: bytes, as: UTF8.self) ?? text
    }
}

extension TileLabel {
    /// The line under a tile's name that says its offset ("offset +0.333 s (+10 frames)") and
    /// whether the offset keys move it ("selected"); nil when there is nothing to say.
    public static func offsetLine(offset: MediaTime, frameDuration: MediaTime?, selected: Bool) -> String? {
        var parts: [String] = []
        if selected { parts.append("selected") }
        if offset != .zero || selected {
            var text = "offset " + TimeFormatting.signedSeconds(offset)
            if let frameDuration, frameDuration > .zero {
                let frames = (Double(offset.nanoseconds) / Double(frameDuration.nanoseconds)).rounded()
                if abs(frames) < 1e7 { text += " (" + (frames < 0 ? "" : "+") + String(Int(frames)) + " frames)" }
            }
            parts.append(text)
        }
        return parts.isEmpty ? nil : parts.joined(separator: " · ")
    }
}

extension TileLabel {
    /// What the frame info overlay (`i`) says of one tile, under its name: the stream, then
    /// where it stands and its offset.
    public struct Info: Sendable, Equatable {
        public var codec: String?
        public var width: Int?
        public var height: Int?
        public var frameRate: Double?
        /// Bits per second.
        public var bitrate: Int?
        public var position: MediaTime?
        public var frameDuration: MediaTime?
        public var offset: MediaTime

        public init(codec: String? = nil, width: Int? = nil, height: Int? = nil, frameRate: Double? = nil, bitrate: Int? = nil,
                    position: MediaTime? = nil, frameDuration: MediaTime? = nil, offset: MediaTime = .zero) {
            self.codec = codec; self.width = width; self.height = height; self.frameRate = frameRate
            self.bitrate = bitrate; self.position = position; self.frameDuration = frameDuration; self.offset = offset
        }
    }

    /// "H.264 · 1920x1080 · 29.97 fps · 8.0 Mbit/s" and "00:00:04.133 · frame 124 · offset
    /// +0.333 s (+10 frames)"; what is not known is left out.
    public static func infoLines(_ info: Info) -> String {
        var stream: [String] = []
        if let codec = info.codec { stream.append(String(codec.prefix(40))) }
        if let width = info.width, let height = info.height { stream.append("\(width)x\(height)") }
        if let rate = info.frameRate, rate.isFinite, rate > 0 {
            let rounded = (rate * 100).rounded() / 100
            stream.append((rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)) + " fps")
        }
        if let bitrate = info.bitrate, bitrate > 0 {
            stream.append(bitrate >= 1_000_000 ? String(format: "%.1f Mbit/s", Double(bitrate) / 1e6) : "\(bitrate / 1000) kbit/s")
        }
        var place: [String] = []
        if let position = info.position {
            place.append(TimeFormatting.precise(position))
            if let frame = info.frameDuration, frame > .zero { place.append("frame \(FrameMath.frameIndex(of: position, frameDuration: frame))") }
        }
        if let offset = offsetLine(offset: info.offset, frameDuration: info.frameDuration, selected: false) { place.append(offset) }
        return [stream, place].filter { !$0.isEmpty }.map { $0.joined(separator: " · ") }.joined(separator: "\n")
    }
}
