import FlyingFox
import Foundation
import VideoWallProtocol

#if canImport(Glibc)
import Glibc
#endif

/// The folder the page lists sources from and uploads into (`--media-root`). Only plain files
/// directly in it count (no folders, no links, nothing hidden), and a name from a client is
/// used only when it is a plain file name (`UploadName`), so no request reaches outside it.
///
/// An upload is written to a new hidden file in the folder (`O_CREAT | O_EXCL | O_NOFOLLOW`),
/// at most `uploadLimit` bytes, then described by GStreamer: only media is linked into place
/// under its name (`link`, which never replaces a file); whatever happens, the hidden file is
/// removed, so a refused or broken upload leaves nothing behind and nothing half-written is
/// ever listed.
struct MediaFolder: Sendable {
    let path: String
    let uploadLimit: Int

    /// The plain files in the folder, by name.
    func files() -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        return names.filter { UploadName.checked($0) != nil && isPlainFile(path + "/" + $0) }.sorted()
    }

    /// The full path of the plain file `name` in the folder; nil when there is none.
    func path(of name: String) -> String? {
        guard let name = UploadName.checked(name) else { return nil }
        let full = path + "/" + name
        return isPlainFile(full) ? full : nil
    }

    private func isPlainFile(_ full: String) -> Bool {
        var status = stat()
        return lstat(full, &status) == 0 && (status.st_mode & S_IFMT) == S_IFREG
    }

    func upload(_ request: HTTPRequest, name: String?, isMedia: @Sendable (String) async -> Bool, reading: BodyReading) async -> HTTPResponse {
        guard let name, let checked = UploadName.checked(name) else {
            return WallHTTPHandler.error(.badRequest, "the name must be a plain file name (?name=clip.mp4): no folder, not hidden, at most \(UploadName.longest) bytes")
        }
        guard let length = request.bodySequence.count else { return WallHTTPHandler.error(HTTPStatusCode(411, phrase: "Length Required"), "an upload needs a Content-Length") }
        guard length <= uploadLimit else {
            return WallHTTPHandler.error(.payloadTooLarge, "an upload is at most \(uploadLimit / (1 << 20)) MiB (--upload-limit)")
        }
        let final = path + "/" + checked
        guard access(final, F_OK) != 0 else { return WallHTTPHandler.error(.conflict, "a file of that name is already in the media folder") }
        let temporary = path + "/.upload-" + UUID().uuidString + ".part"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return WallHTTPHandler.error(.internalServerError, "the media folder takes no new file") }
        defer { unlink(temporary) }
        var written = 0
        reading.started = true
        do {
            for try await chunk in request.bodySequence {
                written += chunk.count
                guard written <= uploadLimit else { throw UploadFailure.tooLarge }
                let ok = chunk.withUnsafeBytes { bytes in
                    var offset = 0
                    while offset < bytes.count {
                        let count = write(fd, bytes.baseAddress! + offset, bytes.count - offset)
                        if count < 0, errno == EINTR { continue }
                        guard count > 0 else { return false }
                        offset += count
                    }
                    return true
                }
                guard ok else { throw UploadFailure.writeFailed }
            }
        } catch UploadFailure.tooLarge {
            close(fd)
            return WallHTTPHandler.error(.payloadTooLarge, "an upload is at most \(uploadLimit / (1 << 20)) MiB (--upload-limit)")
        } catch {
            close(fd)
            return WallHTTPHandler.error(.badRequest, "the upload did not arrive whole")
        }
        let synced = fsync(fd) == 0
        close(fd)
        guard synced, written == length else { return WallHTTPHandler.error(.badRequest, "the upload did not arrive whole") }
        guard await isMedia(temporary) else {
            return WallHTTPHandler.error(.unsupportedMediaType, "not media GStreamer can play")
        }
        guard link(temporary, final) == 0 else {
            return errno == EEXIST ? WallHTTPHandler.error(.conflict, "a file of that name is already in the media folder")
                : WallHTTPHandler.error(.internalServerError, "the upload could not be put in place")
        }
        return WallHTTPHandler.json(.created, JSONValue.object(["name": .string(checked), "bytes": .number(Double(written))]).jsonText)
    }

    private enum UploadFailure: Error { case tooLarge, writeFailed }
}
