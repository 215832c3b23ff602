import Foundation
import VideoWallCore
#if canImport(Glibc)
import Glibc
#endif

/// Creates the listening socket at a path the way a user's other programs expect of mpv's
/// `--input-ipc-server`: only its owner may connect (mode 0600 from its first moment), a stale
/// socket left by a crashed run is replaced, anything else at the path is left alone.
enum ListeningSocket {
    /// Listens at `path`; returns the descriptor and the socket file's inode (so that only our
    /// own file is removed at the end). Blocking filesystem calls: run it off the main thread.
    static func open(at path: String) throws(IPCSocketError) -> (fd: Int32, inode: UInt64) {
        let name = "--input-ipc-server \(TerminalText.shortened(path, limit: TerminalText.nameLimit))"
        guard let address = UnixSocketPath.address(path) else {
            throw IPCSocketError(description: "\(name): not a usable socket path (1 to \(UnixSocketPath.capacity) bytes)")
        }
        var status = stat()
        if lstat(path, &status) == 0 {
            guard status.st_mode & S_IFMT == S_IFSOCK else {
                throw IPCSocketError(description: "\(name): exists and is not a socket; not replaced")
            }
            guard !isLive(address) else {
                throw IPCSocketError(description: "\(name): another program is listening on it; not replaced")
            }
        } else if errno != ENOENT {
            throw IPCSocketError(description: "\(name): \(String(cString: strerror(errno)))")
        }
        // Bound in a private folder next to the path (mode 0700, so nobody can connect during
        // the moment before the chmod), then renamed over the path: atomic, and it replaces
        // only the stale socket checked above.
        let folder = (path as NSString).deletingLastPathComponent
        var template = Array(((folder.isEmpty ? "." : folder) + "/.videowall-ipc-XXXXXX").utf8CString)
        guard let made = mkdtemp(&template) else {
            throw IPCSocketError(description: "\(name): cannot create a socket there: \(String(cString: strerror(errno)))")
        }
        let privateFolder = String(cString: made)
        let temporary = privateFolder + "/s"
        defer { rmdir(privateFolder) }
        guard let temporaryAddress = UnixSocketPath.address(temporary) else {
            throw IPCSocketError(description: "\(name): the path is too long to create the socket safely (at most \(UnixSocketPath.capacity - 20) bytes)")
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw IPCSocketError(description: "\(name): \(String(cString: strerror(errno)))") }
        func fail(_ what: String) -> IPCSocketError {
            let reason = String(cString: strerror(errno))
            Glibc.close(fd)
            unlink(temporary)
            return IPCSocketError(description: "\(name): \(what): \(reason)")
        }
        guard UnixSocketPath.bind(fd, to: temporaryAddress) == 0 else { throw fail("cannot create the socket") }
        guard chmod(temporary, 0o600) == 0 else { throw fail("cannot restrict the socket to its owner") }
        guard listen(fd, 16) == 0 else { throw fail("cannot listen") }
        guard rename(temporary, path) == 0 else { throw fail("cannot put the socket in place") }
        var placed = stat()
        guard lstat(path, &placed) == 0 else { throw fail("the socket went away") }
        return (fd, UInt64(placed.st_ino))
    }

    /// Whether a program answers on the socket (a stale one refuses the connection).
    private static func isLive(_ address: sockaddr_un) -> Bool {
        let probe = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard probe >= 0 else { return false }
        defer { Glibc.close(probe) }
        return UnixSocketPath.connect(probe, to: address) == 0
    }

    /// Removes the socket file if it is still the one we made.
    static func remove(at path: String, inode: UInt64) {
        var status = stat()
        if lstat(path, &status) == 0, UInt64(status.st_ino) == inode, status.st_mode & S_IFMT == S_IFSOCK { unlink(path) }
    }
}
