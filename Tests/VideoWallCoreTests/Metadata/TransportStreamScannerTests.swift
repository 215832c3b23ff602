import VideoWallCore
import XCTest

/// Timed ID3 metadata found in hand-made transport stream packets, fed in awkward pieces.
final class TransportStreamScannerTests: XCTestCase {
    /// One 188-byte packet on `pid`, stuffed with an adaptation field when `payload` is short.
    private func packet(_ pid: Int, start: Bool, _ payload: [UInt8], continuity: UInt8 = 0) -> [UInt8] {
        precondition(payload.count <= 184)
        let header: [UInt8] = [0x47, (start ? 0x40 : 0) | UInt8(pid >> 8), UInt8(pid & 0xFF)]
        let stuffing = 184 - payload.count
        if stuffing == 0 { return header + [0x10 | continuity] + payload }
        let field: [UInt8] = stuffing == 1 ? [0] : [UInt8(stuffing - 1), 0] + [UInt8](repeating: 0xFF, count: stuffing - 2)
        return header + [0x30 | continuity] + field + payload
    }

    /// A section (CRC left as zeros: the scanner does not check it) behind its pointer field.
    private func section(_ tableID: UInt8, _ body: [UInt8]) -> [UInt8] {
        let length = body.count + 4
        return [0, tableID, 0xB0 | UInt8(length >> 8), UInt8(length & 0xFF)] + body + [0, 0, 0, 0]
    }

    private var associationTable: [UInt8] {
        packet(0, start: true, section(0x00, [0x00, 0x01, 0xC1, 0x00, 0x00, 0x00, 0x01, 0xE0, 0x20]))
    }

    /// A PMT with H.264 on 0x41 and a type 0x15 stream on 0x100 whose metadata descriptor names `format`.
    private func programMap(format: String = "ID3 ") -> [UInt8] {
        let id = Array(format.utf8)
        let metadata: [UInt8] = [0xFF, 0xFF] + id + [0xFF] + id + [0x00, 0x0F]
        let descriptor: [UInt8] = [0x26, UInt8(metadata.count)] + metadata
        let body: [UInt8] = [0x00, 0x01, 0xC1, 0x00, 0x00, 0xE0, 0x41, 0xF0, 0x00,
                             0x1B, 0xE0, 0x41, 0xF0, 0x00,
                             0x15, 0xE1, 0x00, 0xF0, UInt8(descriptor.count)] + descriptor
        return packet(0x20, start: true, section(0x02, body))
    }

    private func timestamp(_ pts: UInt64) -> [UInt8] {
        [0x21 | UInt8(pts >> 29 & 0x0E), UInt8(pts >> 22 & 0xFF), 0x01 | UInt8(pts >> 14 & 0xFE), UInt8(pts >> 7 & 0xFF), 0x01 | UInt8(pts << 1 & 0xFE)]
    }

    /// A PES packet (stream id 0xBD, or 0xE0 for video) with a PTS, cut into packets on `pid`.
    private func pes(_ pid: Int, streamID: UInt8 = 0xBD, pts: UInt64, _ data: [UInt8], declareLength: Bool = true) -> [UInt8] {
        let length = declareLength ? min(3 + 5 + data.count, 0xFFFF) : 0
        var bytes: [UInt8] = [0, 0, 1, streamID, UInt8(length >> 8), UInt8(length & 0xFF), 0x80, 0x80, 0x05] + timestamp(pts) + data
        var out: [UInt8] = [], first = true, continuity: UInt8 = 0
        while !bytes.isEmpty {
            let chunk = Array(bytes.prefix(184))
            bytes.removeFirst(chunk.count)
            out += packet(pid, start: first, chunk, continuity: continuity)
            first = false
            continuity = (continuity &+ 1) & 0x0F
        }
        return out
    }

    private func id3(_ text: String, padding: Int = 0) -> [UInt8] {
        Array("ID3".utf8) + [4, 0, 0, 0, 0, 0, 0] + Array(text.utf8) + [UInt8](repeating: 0, count: padding)
    }

    private func scan(_ stream: [UInt8], pieces: Int) -> [TransportStreamScanner.Finding] {
        var scanner = TransportStreamScanner()
        var findings: [TransportStreamScanner.Finding] = []
        var rest = stream[...]
        while !rest.isEmpty {
            findings += scanner.feed(rest.prefix(pieces))
            rest = rest.dropFirst(pieces)
        }
        return findings
    }

    func testTagsAndVideoTimesComeInStreamOrderWhateverThePieces() {
        let long = id3("a long one", padding: 400)  // spread over three packets
        let stream = associationTable + programMap()
            + pes(0x41, streamID: 0xE0, pts: 90_000, [0, 0, 0, 1, 0x09])
            + pes(0x100, pts: 135_000, id3("first"))
            + pes(0x41, streamID: 0xE0, pts: 93_000, [0, 0, 0, 1, 0x09])
            + pes(0x100, pts: 180_000, long)
            + pes(0x100, pts: 190_000, id3("unbounded"), declareLength: false)
            + pes(0x41, streamID: 0xE0, pts: 96_000, [0, 0, 0, 1, 0x09])
        let expected: [TransportStreamScanner.Finding] = [
            .videoPacket(pts: 90_000), .id3(tag: id3("first"), pts: 135_000), .videoPacket(pts: 93_000),
            .id3(tag: long, pts: 180_000), .videoPacket(pts: 96_000),
        ]
        for pieces in [188, 7, 1000, 1] {
            // The unbounded tag ends at the next packet start on its PID, which never comes.
            XCTAssertEqual(scan(stream, pieces: pieces), expected, "in pieces of \(pieces)")
        }
        var scanner = TransportStreamScanner()
        _ = scanner.feed(stream)
        XCTAssertEqual(scanner.feed(pes(0x100, pts: 200_000, id3("next"))),
                       [.id3(tag: id3("unbounded"), pts: 190_000), .id3(tag: id3("next"), pts: 200_000)],
                       "an unbounded tag ends where the next begins")
    }

    func testOtherMetadataGarbageAndOversizedTagsAreLeftOut() {
        // KLV metadata is not ID3.
        XCTAssertEqual(scan(associationTable + programMap(format: "KLVA") + pes(0x100, pts: 1, id3("klv")), pieces: 188),
                       [], "KLV metadata is not ID3, and no video packet was sent")
        // Bytes before the first sync byte, and a tag past the limit.
        let oversized = id3("big", padding: TransportStreamScanner.maximumTagSize)
        let stream = [0x00, 0x13, 0x37] + associationTable + programMap()
            + pes(0x100, pts: 5, oversized, declareLength: false) + pes(0x100, pts: 6, id3("small"))
        XCTAssertEqual(scan(stream, pieces: 100), [.id3(tag: id3("small"), pts: 6)])
        // Nothing but noise.
        XCTAssertEqual(scan([UInt8](repeating: 0x47, count: 188 * 3), pieces: 50), [])
    }
}
