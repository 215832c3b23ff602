/// Finds the timed metadata an MPEG transport stream carries (Apple's "Timed Metadata for HTTP
/// Live Streaming": ID3 tags in PES packets of stream type 0x15 whose metadata descriptor says
/// `ID3 `), which GStreamer 1.22's `tsdemux` drops ("non-media stream"), and the presentation
/// time of each PES packet of the program's first video stream, in stream order, so the tags
/// can be placed on the video's timeline (only while the program carries such metadata).
///
/// Fed the stream's bytes as they come, in pieces of any size. It reads the PAT and PMT from
/// sections that fit one packet (as muxers write them); a section spread over packets is not
/// read. Hostile input is bounded: a tag larger than `maximumTagSize` is dropped.
package struct TransportStreamScanner: Sendable {
    package enum Finding: Equatable, Sendable {
        /// One ID3 tag, and its presentation time on the 90 kHz clock (nil when it has none).
        case id3(tag: [UInt8], pts: UInt64?)
        /// A PES packet of the video stream began, with this presentation time.
        case videoPacket(pts: UInt64?)
    }

    package static let packetSize = 188
    package static let maximumTagSize = 64 * 1024

    private var pending: [UInt8] = []
    private var programMapPIDs: Set<Int> = []
    private var metadataPIDs: Set<Int> = []
    private var videoPID: Int?
    /// The metadata PES being gathered: its PTS, declared payload length (nil: until the next
    /// start) and bytes so far.
    private var gathering: [Int: (pts: UInt64?, length: Int?, bytes: [UInt8])] = [:]

    package init() {}

    /// Forgets partial packets and tags (after a flush): the tables stay.
    package mutating func restart() {
        pending.removeAll()
        gathering.removeAll()
    }

    package mutating func feed(_ bytes: some Collection<UInt8>) -> [Finding] {
        pending.append(contentsOf: bytes)
        var findings: [Finding] = []
        var start = 0
        while pending.count - start >= Self.packetSize {
            guard pending[start] == 0x47 else {
                // Lost sync: on to the next sync byte.
                start = pending[(start + 1)...].firstIndex(of: 0x47) ?? pending.count
                continue
            }
            read(pending[start..<(start + Self.packetSize)], into: &findings)
            start += Self.packetSize
        }
        pending.removeFirst(start)
        return findings
    }

    private mutating func read(_ packet: ArraySlice<UInt8>, into findings: inout [Finding]) {
        // Most packets are audio and video the scanner has no use for: it looks at the header
        // in place and copies only the payloads it reads.
        let b = packet.startIndex
        guard packet[b + 1] & 0x80 == 0 else { return }  // transport error
        let pid = Int(packet[b + 1] & 0x1F) << 8 | Int(packet[b + 2])
        let unitStart = packet[b + 1] & 0x40 != 0
        let interesting = pid == 0 || programMapPIDs.contains(pid) || metadataPIDs.contains(pid)
            // Video times matter only to place tags: a stream without them is not followed.
            || (pid == videoPID && unitStart && !metadataPIDs.isEmpty)
        guard interesting else { return }
        let adaptation = (packet[b + 3] >> 4) & 0x3
        var offset = 4
        if adaptation & 0x2 != 0 { offset += 1 + Int(packet[b + 4]) }
        guard adaptation & 0x1 != 0, offset < packet.count else { return }
        let payload = Array(packet[(b + offset)...])
        if pid == 0 {
            if unitStart { readAssociationTable(payload) }
        } else if programMapPIDs.contains(pid) {
            if unitStart { readProgramMap(payload) }
        } else if metadataPIDs.contains(pid) {
            gather(payload, pid: pid, unitStart: unitStart, into: &findings)
        } else if let header = Self.pesHeader(payload) {
            findings.append(.videoPacket(pts: header.pts))
        }
    }

    /// The one section a packet's payload starts (after its pointer field), checked for length.
    private static func section(_ payload: [UInt8], tableID: UInt8) -> [UInt8]? {
        guard let pointer = payload.first.map(Int.init), 1 + pointer + 3 <= payload.count else { return nil }
        let s = Array(payload[(1 + pointer)...])
        guard s[0] == tableID else { return nil }
        let length = Int(s[1] & 0x0F) << 8 | Int(s[2])
        guard length >= 9, 3 + length <= s.count else { return nil }
        return Array(s[..<(3 + length)])
    }

    private mutating func readAssociationTable(_ payload: [UInt8]) {
        guard let s = Self.section(payload, tableID: 0x00) else { return }
        var maps: Set<Int> = []
        var i = 8
        while i + 4 <= s.count - 4 {
            let program = Int(s[i]) << 8 | Int(s[i + 1])
            if program != 0 { maps.insert(Int(s[i + 2] & 0x1F) << 8 | Int(s[i + 3])) }
            i += 4
        }
        programMapPIDs = maps
    }

    private static let videoStreamTypes: Set<UInt8> = [0x01, 0x02, 0x10, 0x1B, 0x24, 0x42, 0xD1, 0xEA]

    private mutating func readProgramMap(_ payload: [UInt8]) {
        guard let s = Self.section(payload, tableID: 0x02), s.count >= 16 else { return }
        let programInfoLength = Int(s[10] & 0x0F) << 8 | Int(s[11])
        var i = 12 + programInfoLength
        var metadata: Set<Int> = [], video: Int?
        while i + 5 <= s.count - 4 {
            let type = s[i], pid = Int(s[i + 1] & 0x1F) << 8 | Int(s[i + 2])
            let infoLength = Int(s[i + 3] & 0x0F) << 8 | Int(s[i + 4])
            let end = min(i + 5 + infoLength, s.count - 4)
            let descriptors = Array(s[(i + 5)..<max(i + 5, end)])
            if type == 0x15, Self.saysID3(descriptors) { metadata.insert(pid) }
            if video == nil, Self.videoStreamTypes.contains(type) { video = pid }
            i += 5 + infoLength
        }
        metadataPIDs = metadata
        videoPID = video
        gathering = gathering.filter { metadata.contains($0.key) }
    }

    /// Whether a stream's descriptors hold a metadata descriptor (tag 0x26) or a registration
    /// descriptor (tag 0x05) naming the format `ID3 `.
    private static func saysID3(_ descriptors: [UInt8]) -> Bool {
        let id3: [UInt8] = Array("ID3 ".utf8)
        var i = 0
        while i + 2 <= descriptors.count {
            let tag = descriptors[i], length = Int(descriptors[i + 1])
            let body = Array(descriptors[(i + 2)..<min(descriptors.count, i + 2 + length)])
            if tag == 0x05, body.starts(with: id3) { return true }
            if tag == 0x26, body.count >= 3 {
                // metadata_application_format (2 bytes, 0xFFFF: an identifier follows), then
                // metadata_format (0xFF: its identifier follows).
                var j = 2
                if body[0] == 0xFF, body[1] == 0xFF { j += 4 }
                if j < body.count, body[j] == 0xFF, Array(body[(j + 1)...].prefix(4)) == id3 { return true }
            }
            i += 2 + length
        }
        return false
    }

    /// A PES packet's PTS, declared length of what follows its header (nil: unbounded) and
    /// where its payload starts; nil when it does not start like one.
    package static func pesHeader(_ payload: [UInt8]) -> (pts: UInt64?, length: Int?, payloadStart: Int)? {
        guard payload.count >= 9, payload[0] == 0, payload[1] == 0, payload[2] == 1 else { return nil }
        let packetLength = Int(payload[4]) << 8 | Int(payload[5])
        let headerLength = Int(payload[8])
        let payloadStart = 9 + headerLength
        var pts: UInt64?
        if payload[7] & 0x80 != 0, payload.count >= 14 {
            let b = payload[9...13].map(UInt64.init)
            pts = (b[0] >> 1 & 0x07) << 30 | b[1] << 22 | (b[2] >> 1) << 15 | b[3] << 7 | b[4] >> 1
        }
        let length = packetLength == 0 ? nil : packetLength - 3 - headerLength
        if let length, length < 0 { return nil }
        return (pts, length, payloadStart)
    }

    private mutating func gather(_ payload: [UInt8], pid: Int, unitStart: Bool, into findings: inout [Finding]) {
        if unitStart {
            finish(pid, into: &findings)
            guard let header = Self.pesHeader(payload), header.payloadStart <= payload.count else { return }
            gathering[pid] = (header.pts, header.length, Array(payload[header.payloadStart...]))
        } else {
            guard gathering[pid] != nil else { return }
            gathering[pid]!.bytes += payload
        }
        guard let current = gathering[pid] else { return }
        if current.bytes.count > Self.maximumTagSize {
            gathering[pid] = nil
        } else if let length = current.length, current.bytes.count >= length {
            finish(pid, into: &findings)
        }
    }

    private mutating func finish(_ pid: Int, into findings: inout [Finding]) {
        guard let current = gathering.removeValue(forKey: pid) else { return }
        let tag = Array(current.bytes.prefix(current.length ?? current.bytes.count))
        if tag.starts(with: Array("ID3".utf8)) { findings.append(.id3(tag: tag, pts: current.pts)) }
    }
}
