import Foundation
import GIOKit
import VideoWallCore
import VideoWallProtocol
#if canImport(Glibc)
import Glibc
#endif

/// The secret the machines of one wall share (`--wall-key-file`; `videowall key new PATH`
/// makes one): 32 random bytes, written as 64 hexadecimal digits. A control port with a key
/// lets a client in only once it proved the key (`ControlGreeting`); the key never crosses
/// the network. It authenticates; it does not encrypt.
public struct WallKey: Sendable, Equatable {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    public static let length = 32
    let bytes: [UInt8]

    init?(bytes: [UInt8]) {
        guard bytes.count == Self.length else { return nil }
        self.bytes = bytes
    }

    /// A key file's text: 64 hexadecimal digits, and at most one line ending.
    public init?(text: String) {
        var digits = Array(text.utf8)
        if digits.last == UInt8(ascii: "\n") { digits.removeLast() }
        if digits.last == UInt8(ascii: "\r") { digits.removeLast() }
        guard digits.count == Self.length * 2, let bytes = ControlGreeting.bytes(hex: String(decoding: digits, as: UTF8.self)) else { return nil }
        self.init(bytes: bytes)
    }

    /// A new key from the system's cryptographic random source (`getrandom`).
    public static func random() -> WallKey {
        var generator = SystemRandomNumberGenerator()
        return WallKey(bytes: (0..<length).map { _ in UInt8.random(in: .min ... .max, using: &generator) })!
    }

    /// `length` random bytes for a challenge or a nonce.
    static func randomBytes() -> [UInt8] { random().bytes }

    /// The file's text.
    public var text: String { ControlGreeting.hex(bytes) + "\n" }

    /// The HMAC-SHA-256 of `message` under the key.
    func proof(of message: [UInt8]) -> [UInt8] { MessageAuthentication.sha256(key: bytes, message: message) }

    /// Reads the key at `path` (blocking: off the main thread, or before the wall starts). The
    /// file must be a regular file that only its owner can read or write (as ssh asks of a
    /// private key): a key others can read is no secret.
    public static func load(path: String) throws(Failure) -> WallKey {
        let shown = TerminalText.quoted(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard fd >= 0 else { throw Failure(description: "wall key \(shown): \(String(cString: strerror(errno)))") }
        defer { close(fd) }
        var status = stat()
        guard fstat(fd, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Failure(description: "wall key \(shown): not a regular file")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw Failure(description: "wall key \(shown): others can read or write it: chmod 600 it (or make a new one with `videowall key new`)")
        }
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = read(fd, &buffer, buffer.count)
        guard count > 0, count < buffer.count, let key = WallKey(text: String(decoding: buffer[0..<count], as: UTF8.self)) else {
            throw Failure(description: "wall key \(shown): not a wall key (64 hexadecimal digits; `videowall key new` makes one)")
        }
        return key
    }

    /// Writes a new random key at `path`, readable by its owner only. Refuses to replace
    /// anything there, and a symbolic link even to nowhere (`O_CREAT | O_EXCL` follows none).
    @discardableResult
    public static func create(at path: String) throws(Failure) -> WallKey {
        let shown = TerminalText.quoted(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            let reason = errno == EEXIST ? "something is already there (a key is never replaced)" : String(cString: strerror(errno))
            throw Failure(description: "wall key \(shown): \(reason)")
        }
        let key = random()
        let bytes = Array(key.text.utf8)
        let written = write(fd, bytes, bytes.count)
        let synced = fsync(fd) == 0
        close(fd)
        guard written == bytes.count, synced else {
            unlink(path)  // the file this call made: no partial key is left
            throw Failure(description: "wall key \(shown): cannot write it")
        }
        return key
    }
}
