import Foundation

/// Where layout names are looked up, first match wins: $VIDEOWALL_LAYOUTS, the user's
/// $XDG_CONFIG_HOME/videowall/layouts (~/.config when unset), the layouts/ of the checkout the
/// binary was built in, the install prefix's share/videowall/layouts, then the system share
/// folders.
///
/// Never the working directory: a `./layouts/side-by-side.yaml` planted where the wall is
/// started took over the built-in layout of every two-source wall (and could make it fetch a
/// URL of its choosing). A file there is used only when named as a path (`--layout ./x.yaml`).
enum LayoutDirectories {
    static var all: [String] {
        let environment = ProcessInfo.processInfo.environment
        var directories: [String] = []
        if let custom = environment["VIDEOWALL_LAYOUTS"], !custom.isEmpty { directories.append(custom) }
        let config = environment["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? (NSHomeDirectory() + "/.config")
        directories.append(config + "/videowall/layouts")
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        if let checkout = checkout(of: executable) { directories.append(checkout.appendingPathComponent("layouts").path) }
        let prefix = executable.deletingLastPathComponent().deletingLastPathComponent()
        directories.append(prefix.appendingPathComponent("share/videowall/layouts").path)
        for system in ["/usr/local/share/videowall/layouts", "/usr/share/videowall/layouts"] where !directories.contains(system) {
            directories.append(system)
        }
        return directories
    }

    /// The package a built binary sits in: SwiftPM puts it under `<checkout>/.build/...`.
    static func checkout(of executable: URL) -> URL? {
        var folder = executable.deletingLastPathComponent()
        while folder.path != "/" {
            if folder.lastPathComponent == ".build" { return folder.deletingLastPathComponent() }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }
}
