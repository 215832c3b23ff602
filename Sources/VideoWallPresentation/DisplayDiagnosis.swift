import VideoWallCore
/// Why a display named in the environment could not be opened, in words, from what a look at
/// the file system tells (GTK's `gtk_init_check` says only that it failed). A local X display
/// `:N` is the socket `/tmp/.X11-unix/XN`: when it is missing no X server listens there; when it
/// is there, the server turned the connection down (authorisation, too many clients). A
/// Wayland display is a socket in `XDG_RUNTIME_DIR` (or an absolute path).
package enum DisplayDiagnosis {
    /// One phrase per display variable set, with the display's name quoted, e.g.
    /// `DISPLAY ':99': no X server listens on :99`. `exists` tells whether a path exists.
    package static func reasons(environment: [String: String], exists: (String) -> Bool) -> [String] {
        var reasons: [String] = []
        // GDK tries Wayland first, then X11: the same order here.
        if let wayland = environment["WAYLAND_DISPLAY"], !wayland.isEmpty {
            reasons.append("WAYLAND_DISPLAY \(TerminalText.quoted(wayland)): "
                + waylandReason(wayland, runtimeDirectory: environment["XDG_RUNTIME_DIR"], exists: exists))
        }
        if let x11 = environment["DISPLAY"], !x11.isEmpty {
            reasons.append("DISPLAY \(TerminalText.quoted(x11)): " + x11Reason(x11, exists: exists))
        }
        return reasons
    }

    /// What is wrong with the X display `name` (`[host]:N[.screen]`).
    package static func x11Reason(_ name: String, exists: (String) -> Bool) -> String {
        guard let colon = name.lastIndex(of: ":") else { return "not an X display name (it has no ':N')" }
        let host = String(name[..<colon])
        let numberText = name[name.index(after: colon)...].prefix { $0 != "." }
        guard let number = Int(numberText), number >= 0 else { return "not an X display name (no display number after ':')" }
        let shown = TerminalText.shortened(name)
        // `unix:N` and `:N` are the local socket; any other host is reached over TCP.
        guard host.isEmpty || host == "unix" else { return "the X server at \(shown) could not be reached or refused the connection" }
        return exists("/tmp/.X11-unix/X\(number)")
            ? "the X server on \(shown) refused the connection"
            : "no X server listens on \(shown)"
    }

    /// What is wrong with the Wayland display `name`: a socket name in `runtimeDirectory`, or
    /// an absolute path.
    package static func waylandReason(_ name: String, runtimeDirectory: String?, exists: (String) -> Bool) -> String {
        let path: String
        if name.hasPrefix("/") {
            path = name
        } else {
            guard let runtimeDirectory, !runtimeDirectory.isEmpty else { return "XDG_RUNTIME_DIR is not set, so its socket cannot be found" }
            path = runtimeDirectory.hasSuffix("/") ? runtimeDirectory + name : runtimeDirectory + "/" + name
        }
        let shown = TerminalText.shortened(path, limit: TerminalText.nameLimit)
        return exists(path)
            ? "the Wayland compositor at \(shown) refused the connection"
            : "no Wayland compositor listens at \(shown)"
    }
}
