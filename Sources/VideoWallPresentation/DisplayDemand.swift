import VideoWallCore
/// Whether a run plays in a window or headless, decided before GTK starts (issue 25). A run
/// that asks for a screen, by naming a display (`DISPLAY`, `WAYLAND_DISPLAY`) or by its options
/// (`--kiosk`, `--fullscreen`, `--monitor`), never falls back to headless: a signage box whose
/// X server is late or gone must not play to nobody with status 0, it must wait for the
/// display a while and then fail (status 3), so its supervisor (systemd's `Restart=`) sees it.
/// Headless is what `--headless` asks for, or a run with no display variable at all (a CI
/// job, an ssh session) that asked for nothing a screen is needed for.
public enum DisplayDemand: Equatable, Sendable {
    /// No window: `noted` when the run did not ask for headless and should say it plays so.
    case headless(noted: Bool)
    /// Open the window; while it cannot be opened, try again for up to `waitSeconds` (0: once).
    case window(waitSeconds: Double)
    /// A window is needed, and no display variable names one: waiting cannot help (the
    /// variables are read once, at start), so the run fails at once.
    case noDisplayNamed

    /// `headless`: `--headless`; `needsScreen`: `--kiosk`, `--fullscreen` or `--monitor`;
    /// `displayNamed`: DISPLAY or WAYLAND_DISPLAY is set and not empty; `waitSeconds`: the
    /// run's `--display-wait` (`defaultWait` when it gave none).
    public static func decide(headless: Bool, needsScreen: Bool, displayNamed: Bool, waitSeconds: Double) -> DisplayDemand {
        if headless { return .headless(noted: false) }
        if displayNamed { return .window(waitSeconds: waitSeconds) }
        return needsScreen ? .noDisplayNamed : .headless(noted: true)
    }

    /// `--display-wait`'s default: a kiosk is what boots with its X server and may start
    /// first, so it waits half a minute; an ordinary run, started by someone looking at the
    /// screen, fails at once.
    public static func defaultWait(kiosk: Bool) -> Double { kiosk ? 30 : 0 }

    /// The bounds of `--display-wait`, in seconds.
    public static let waitLimits: ClosedRange<Double> = 0...3600

    /// Whether an environment names a display: a variable set to the empty string names none
    /// (GTK would read it as unset too).
    public static func displayNamed(in environment: [String: String]) -> Bool {
        [environment["DISPLAY"], environment["WAYLAND_DISPLAY"]].contains { !($0 ?? "").isEmpty }
    }
}
