import Foundation

/// Where layout names are looked up: $VIDEOWALL_LAYOUTS, ./layouts, the repository's
/// layouts/ next to the built binary, then the system share folder.
enum LayoutDirectories {
    static var all: [String] {
        var directories: [String] = []
        if let custom = ProcessInfo.processInfo.environment["VIDEOWALL_LAYOUTS"] { directories.append(custom) }
        directories.append(FileManager.default.currentDirectoryPath + "/layouts")
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        var folder = executable.deletingLastPathComponent()
        for _ in 0..<4 {
            directories.append(folder.appendingPathComponent("layouts").path)
            folder = folder.deletingLastPathComponent()
        }
        directories.append("/usr/local/share/videowall/layouts")
        directories.append("/usr/share/videowall/layouts")
        return directories
    }
}
