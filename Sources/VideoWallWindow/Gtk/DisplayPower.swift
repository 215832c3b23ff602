internal import CGtk

/// The display's monitors switched off and on (a layout's `power:` schedule). On X11 through
/// DPMS (`DPMSForceLevel`), what `xset dpms force off` does; a Wayland compositor is not asked
/// (GTK 3 has no client for the output power protocols), nor is an X server without DPMS
/// (Xvfb, the dummy driver): the result says so, and the wall stands by all the same.
@MainActor
public enum DisplayPower {
    public enum Outcome: Equatable, Sendable {
        case switched
        /// Why the monitors were not switched.
        case cannot(String)
    }

    /// Whether the schedule has the monitors off now: a kiosk window's screensaver reset,
    /// which counts as activity and would wake them, waits until they are on again.
    public private(set) static var monitorsAreOff = false

    /// Switches the default display's monitors off or on.
    public static func switchMonitors(on: Bool) -> Outcome {
        monitorsAreOff = !on
        guard let display = gdk_display_get_default() else { return .cannot("no display is open") }
        switch vw_x11_dpms_force(display, on ? 1 : 0) {
        case 1: return .switched
        case 0: return .cannot("this X server cannot switch its monitors (it has no DPMS)")
        default: return .cannot("a Wayland compositor's monitors are not switched by the wall (use the compositor's own idle settings, or HDMI-CEC)")
        }
    }
}
