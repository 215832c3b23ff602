import Foundation
import VideoWallCore

/// Timed metadata written into MPEG-TS segments, as an HLS packager does it (Apple's "Timed
/// Metadata for HTTP Live Streaming"): the program map gains a stream of type 0x15 whose
/// metadata descriptor says `ID3 `, and each tag goes in a PES packet (stream id 0xBD) stamped
/// with a presentation time, just before the video packet of that time. GStreamer 1.22's
/// `mpegtsmux` cannot write such a stream, so test media get it this way.
package enum TimedMetadataStream {
    /// An ID3v2.4 tag with one title frame (`TIT2`, UTF-8).
    package static func titleTag(_ title: String) -> [UInt8] {
        let body: [UInt8] = [0x03] + Array(title.utf8)
        let frame = Array("TIT2".utf8) + syncSafe(body.count) + [0, 0] + body
        return Array("ID3".utf8) + [4, 0, 0] + syncSafe(frame.count) + frame
    }

    /// `segment` (one file of 188-byte packets from `mpegtsmux`, PMT on `programMapPID`, H.264
    /// on `videoPID`) with `tags` added: each (PTS on the 90 kHz clock, tag) goes before the
    /// first video packet at or after its time.
    package static func inject(into segment: [UInt8], tags: [(pts: UInt64, tag: [UInt8])],
                              programMapPID: Int = 0x20, videoPID: Int = 0x41, metadataPID: Int = 0x100) -> [UInt8] {
        var out: [UInt8] = []
        var pending = tags.sorted { $0.pts < $1.pts }
        var continuity: UInt8 = 0
        for start in stride(from: 0, to: segment.count - 187, by: 188) {
            let packet = Array(segment[start..<(start + 188)])
            let pid = Int(packet[1] & 0x1F) << 8 | Int(packet[2])
            let unitStart = packet[1] & 0x40 != 0
            if pid == programMapPID, unitStart {
                let section: [UInt8] = [0] + programMap(videoPID: videoPID, metadataPID: metadataPID)
                out += [0x47, 0x40 | UInt8(pid >> 8), UInt8(pid & 0xFF), 0x10 | packet[3] & 0x0F] + section
                    + [UInt8](repeating: 0xFF, count: 184 - section.count)
                continue
            }
            if pid == videoPID, unitStart, let pts = TransportStreamScanner.pesHeader(payload(of: packet))?.pts {
                while let next = pending.first, next.pts <= pts {
                    pending.removeFirst()
                    let pes: [UInt8] = [0, 0, 1, 0xBD] + bigEndian16(3 + 5 + next.tag.count) + [0x80, 0x80, 0x05] + timestamp(next.pts) + next.tag
                    out += packets(of: pes, pid: metadataPID, continuity: &continuity)
                }
            }
            out += packet
        }
        return out
    }

    /// Rewrites each `.ts` file that `playlist` (an HLS media playlist) lists, giving each
    /// segment one title tag `"segment N"` (N from 0) `offset` seconds after its first video
    /// frame. Returns the titles and their times from the stream's first frame, in seconds.
    package static func tagSegments(ofPlaylist playlist: String, offset: Double = 0.5) throws -> [(title: String, seconds: Double)] {
        let folder = (playlist as NSString).deletingLastPathComponent
        let names = try String(contentsOfFile: playlist, encoding: .utf8).split(separator: "\n").filter { $0.hasSuffix(".ts") }
        var placed: [(String, Double)] = []
        var firstPTS: UInt64?
        for (number, name) in names.enumerated() {
            let path = (folder as NSString).appendingPathComponent(String(name))
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
            guard let start = firstVideoPTS(in: bytes) else { continue }
            if firstPTS == nil { firstPTS = start }
            let pts = start + UInt64(offset * 90_000)
            let title = "segment \(number)"
            try Data(inject(into: bytes, tags: [(pts, titleTag(title))])).write(to: URL(fileURLWithPath: path))
            placed.append((title, Double(pts - firstPTS!) / 90_000))
        }
        return placed
    }

    static func firstVideoPTS(in bytes: [UInt8], videoPID: Int = 0x41) -> UInt64? {
        for start in stride(from: 0, to: bytes.count - 187, by: 188) {
            let packet = Array(bytes[start..<(start + 188)])
            let pid = Int(packet[1] & 0x1F) << 8 | Int(packet[2])
            if pid == videoPID, packet[1] & 0x40 != 0, let pts = TransportStreamScanner.pesHeader(payload(of: packet))?.pts { return pts }
        }
        return nil
    }

    private static func payload(of packet: [UInt8]) -> [UInt8] {
        let adaptation = packet[3] >> 4 & 0x3
        let offset = adaptation & 0x2 != 0 ? 5 + Int(packet[4]) : 4
        return adaptation & 0x1 != 0 && offset < 188 ? Array(packet[offset...]) : []
    }

    /// A PMT for program 1: H.264 on `videoPID` (also the PCR's), ID3 metadata on `metadataPID`.
    private static func programMap(videoPID: Int, metadataPID: Int) -> [UInt8] {
        let id3 = Array("ID3 ".utf8)
        // metadata_pointer_descriptor (0x25): application format and format both `ID3 `, service 0,
        // flags, program 1.
        let pointer: [UInt8] = [0x25, 15, 0xFF, 0xFF] + id3 + [0xFF] + id3 + [0x00, 0x1F, 0x00, 0x01]
        let metadata: [UInt8] = [0xFF, 0xFF] + id3 + [0xFF] + id3 + [0x00, 0x0F]
        let metadataDescriptor: [UInt8] = [0x26, UInt8(metadata.count)] + metadata
        var body: [UInt8] = [0x00, 0x01, 0xC1, 0x00, 0x00, 0xE0 | UInt8(videoPID >> 8), UInt8(videoPID & 0xFF), 0xF0, UInt8(pointer.count)] + pointer
        body += [0x1B, 0xE0 | UInt8(videoPID >> 8), UInt8(videoPID & 0xFF), 0xF0, 0x00]
        body += [0x15, 0xE0 | UInt8(metadataPID >> 8), UInt8(metadataPID & 0xFF), 0xF0, UInt8(metadataDescriptor.count)] + metadataDescriptor
        let length = body.count + 4
        let section: [UInt8] = [0x02, 0xB0 | UInt8(length >> 8), UInt8(length & 0xFF)] + body
        return section + bigEndian32(crc32(section))
    }

    /// `pes` cut into packets on `pid`, the last filled out with adaptation-field stuffing.
    private static func packets(of pes: [UInt8], pid: Int, continuity: inout UInt8) -> [UInt8] {
        var out: [UInt8] = []
        var rest = pes[...], first = true
        while !rest.isEmpty {
            let chunk = rest.prefix(184)
            rest = rest.dropFirst(chunk.count)
            let header0 = 0x47, header1 = (first ? 0x40 : 0) | UInt8(pid >> 8), header2 = UInt8(pid & 0xFF)
            let stuffing = 184 - chunk.count
            if stuffing == 0 {
                out += [UInt8(header0), header1, header2, 0x10 | continuity] + chunk
            } else {
                let field: [UInt8] = stuffing == 1 ? [0] : [UInt8(stuffing - 1), 0] + [UInt8](repeating: 0xFF, count: stuffing - 2)
                out += [UInt8(header0), header1, header2, 0x30 | continuity] + field + chunk
            }
            continuity = (continuity + 1) & 0x0F
            first = false
        }
        return out
    }

    private static func timestamp(_ pts: UInt64) -> [UInt8] {
        [0x21 | UInt8(pts >> 29 & 0x0E), UInt8(pts >> 22 & 0xFF), 0x01 | UInt8(pts >> 14 & 0xFE), UInt8(pts >> 7 & 0xFF), 0x01 | UInt8(pts << 1 & 0xFE)]
    }

    private static func syncSafe(_ n: Int) -> [UInt8] { [UInt8(n >> 21 & 0x7F), UInt8(n >> 14 & 0x7F), UInt8(n >> 7 & 0x7F), UInt8(n & 0x7F)] }
    private static func bigEndian16(_ n: Int) -> [UInt8] { [UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }
    private static func bigEndian32(_ n: UInt32) -> [UInt8] { [UInt8(n >> 24), UInt8(n >> 16 & 0xFF), UInt8(n >> 8 & 0xFF), UInt8(n & 0xFF)] }

    /// The CRC of MPEG-2 sections (polynomial 0x04C11DB7, no reflection, initial 0xFFFFFFFF).
    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte) << 24
            for _ in 0..<8 { crc = crc & 0x8000_0000 != 0 ? crc << 1 ^ 0x04C1_1DB7 : crc << 1 }
        }
        return crc
    }
}
