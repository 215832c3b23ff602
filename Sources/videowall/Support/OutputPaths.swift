import ArgumentParser
import Foundation

/// Up-front checks of a file the run will write at its end (the report, the screenshot): a
/// typo in its folder should stop the run before it plays, not lose the output after it.
enum OutputPaths {
    /// `regularFileOnly`: refuse a device, pipe or socket. GdkPixbuf unlinks the file it failed
    /// to save, so a screenshot to /dev/full run as root would remove the device node.
    static func check(_ path: String, option: String, regularFileOnly: Bool = false) throws {
        guard !path.isEmpty else { throw ValidationError("\(option) needs a file path") }
        var isFolder: ObjCBool = false
        if FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue {
            throw ValidationError("\(option) \(Console.name(path)): is a folder, not a file")
        }
        if regularFileOnly, let type = try? FileManager.default.attributesOfItem(atPath: path)[.type] as? FileAttributeType,
           type != .typeRegular, type != .typeSymbolicLink {
            throw ValidationError("\(option) \(Console.name(path)): is not a regular file")
        }
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent().path
        try checkFolder(folder, option: option, for: path)
    }

    /// A folder the run will write files into: it must be there.
    static func checkFolder(_ folder: String, option: String, for path: String? = nil) throws {
        guard !folder.isEmpty else { throw ValidationError("\(option) needs a folder") }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("\(option) \(Console.name(path ?? folder)): there is no folder \(Console.name(folder))")
        }
    }
}
