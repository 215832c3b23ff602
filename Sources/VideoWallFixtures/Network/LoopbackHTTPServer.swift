import Foundation

/// An HTTP server on 127.0.0.1 (Python's http.server) serving a folder, for network-tile
/// tests and the bench's fault run. With `byteRanges` it answers Range requests; without, it ignores them and always
/// sends the whole file, as `python3 -m http.server` does. Every response that reads through
/// byte `stallAfter` of a file stalls there once, for `stallSeconds`. Stop it with `terminate()`;
/// `port` starts one on a given port (a server back after it went away). `bytesPerSecond` sends
/// each response no faster than that (a remote server, which a tile cannot read far ahead of).
/// `hang()` makes every response stop sending, its connection open, until `answerAgain()`.
package final class LoopbackHTTPServer: @unchecked Sendable {
    package let port: Int
    private let process: Process
    /// While this file exists, responses send nothing (`hang()`).
    private let hangFlag = NSTemporaryDirectory() + "videowall-http-hang-\(UUID().uuidString)"

    package init(serving directory: String, byteRanges: Bool = true, stallAfter: Int = Int.max, stallSeconds: Double = 0,
                port: Int = 0, bytesPerSecond: Int? = nil) throws {
        let script = NSTemporaryDirectory() + "videowall-loopback-http-server-\(UUID().uuidString).py"
        FileManager.default.createFile(atPath: script, contents: Data(Self.script.utf8))
        defer { try? FileManager.default.removeItem(atPath: script) }
        process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["python3", "-u", script, directory, String(stallAfter), String(stallSeconds),
                             byteRanges ? "ranges" : "no-ranges", String(port), hangFlag, String(bytesPerSecond ?? 0)]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var line = ""
        while let byte = try output.fileHandleForReading.read(upToCount: 1), let character = byte.first, character != UInt8(ascii: "\n") {
            line.append(Character(UnicodeScalar(character)))
        }
        guard let port = Int(line) else {
            process.terminate()
            throw LoopbackServerError(description: "python3 could not start an HTTP server: \(line)")
        }
        self.port = port
    }

    package func url(for path: String) -> String {
        "http://127.0.0.1:\(port)/" + (path as NSString).lastPathComponent
    }

    /// Every response stops sending, connections open, as a server that hangs.
    package func hang() {
        FileManager.default.createFile(atPath: hangFlag, contents: Data())
    }

    /// Responses send again.
    package func answerAgain() {
        try? FileManager.default.removeItem(atPath: hangFlag)
    }

    /// Stops the server (SIGTERM) and waits until it is gone, so its port is free again.
    package func terminate() {
        process.terminate()
        process.waitUntilExit()
        answerAgain()
    }

    static let script = """
    import http.server, os, sys, time
    STALL_AFTER = int(sys.argv[2]); STALL_SECONDS = float(sys.argv[3]); RANGES = sys.argv[4] == 'ranges'
    HANG_FLAG = sys.argv[6]; RATE = float(sys.argv[7])
    class Handler(http.server.SimpleHTTPRequestHandler):
        def do_GET(self):
            path = self.translate_path(self.path)
            if not os.path.isfile(path):
                self.send_error(404); return
            size = os.path.getsize(path)
            start, end = 0, size - 1
            byte_range = self.headers.get('Range')
            if RANGES and byte_range and byte_range.startswith('bytes='):
                first, last = byte_range[6:].split('-')
                start = int(first); end = int(last) if last else size - 1
                self.send_response(206); self.send_header('Content-Range', f'bytes {start}-{end}/{size}')
            else:
                self.send_response(200)
            self.send_header('Content-Type', 'video/mp4')
            if RANGES: self.send_header('Accept-Ranges', 'bytes')
            self.send_header('Content-Length', str(end - start + 1)); self.end_headers()
            stalled = start > STALL_AFTER
            with open(path, 'rb') as f:
                f.seek(start); position = start
                while position <= end:
                    chunk = f.read(min(16384, end - position + 1))
                    if not chunk: break
                    if not stalled and position >= STALL_AFTER:
                        stalled = True; time.sleep(STALL_SECONDS)
                    while os.path.exists(HANG_FLAG): time.sleep(0.05)
                    if RATE > 0: time.sleep(len(chunk) / RATE)
                    try: self.wfile.write(chunk)
                    except (BrokenPipeError, ConnectionResetError): return
                    position += len(chunk)
        def log_message(self, *arguments): pass
    os.chdir(sys.argv[1])
    http.server.ThreadingHTTPServer.allow_reuse_address = True
    server = http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[5])), Handler)
    print(server.server_address[1], flush=True)
    server.serve_forever()
    """
}

package struct LoopbackServerError: Error, CustomStringConvertible {
    package var description: String
}
