import Foundation

/// The name an uploaded file is kept under in the media folder: the last part of what the
/// client gave, and only if it is a plain file name (no folder, no `..`, not hidden, no
/// control characters, at most 200 bytes); nil for anything else, which is refused rather than
/// rewritten, so a client never finds its file under a name it did not choose.
public enum UploadName {
    public static let longest = 200

    public static func checked(_ name: String) -> String? {
        guard !name.isEmpty, name.utf8.count <= longest, !name.hasPrefix("."), !name.hasSuffix(".part"),
              !name.contains("/"), !name.contains("\\"),
              name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
              name.trimmingCharacters(in: .whitespaces) == name else { return nil }
        return name
    }
}
