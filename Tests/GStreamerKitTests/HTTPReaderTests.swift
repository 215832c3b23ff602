import Foundation
import GStreamerKit
import VideoWallTestSupport
import XCTest

/// `HTTPReader`: the first bytes a real HTTP server on 127.0.0.1 serves, never more than asked
/// for, and a line saying why when there is no server.
final class HTTPReaderTests: XCTestCase {
    func testItReadsAtMostTheBytesAskedFor() throws {
        try GStreamer.initialize()
        let folder = NSTemporaryDirectory() + "vw-http-reader-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "Gate 12 boarding\n".write(toFile: folder + "/news.txt", atomically: true, encoding: .utf8)
        try Data(repeating: UInt8(ascii: "x"), count: 300_000).write(to: URL(fileURLWithPath: folder + "/large.txt"))
        let server = try LoopbackHTTPServer(serving: folder)
        defer { server.terminate() }

        let small = try HTTPReader.read(server.url(for: "news.txt"), maximumBytes: 16_384, timeout: 10).get()
        XCTAssertEqual(String(decoding: small, as: UTF8.self), "Gate 12 boarding\n")
        let large = try HTTPReader.read(server.url(for: "large.txt"), maximumBytes: 16_384, timeout: 10).get()
        XCTAssertEqual(large.count, 16_384, "cut at the bound")

        let missing = HTTPReader.read(server.url(for: "gone.txt"), maximumBytes: 100, timeout: 10)
        guard case .failure(let notFound) = missing else { return XCTFail("a 404 is no text: \(missing)") }
        XCTAssertTrue(notFound.description.lowercased().contains("not found"), notFound.description)
        let refused = HTTPReader.read("http://127.0.0.1:\(try FreePort.tcp())/news.txt", maximumBytes: 100, timeout: 5)
        guard case .failure(let why) = refused else { return XCTFail("nobody listens there: \(refused)") }
        XCTAssertFalse(why.description.isEmpty)
    }
}
