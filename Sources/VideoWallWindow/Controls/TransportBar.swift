internal import CGtk
import VideoWallCore

/// Play/pause, frame steps, the seek bar with `HH:MM:SS / HH:MM:SS`, speed, loop and mute.
/// It only reports what the user does; the window decides what that means for the wall.
@MainActor
final class TransportBar {
    let container: UnsafeMutablePointer<GtkWidget>
    private let playButton: UnsafeMutablePointer<GtkWidget>
    let scale: UnsafeMutablePointer<GtkWidget>
    private let timeLabel: UnsafeMutablePointer<GtkWidget>
    private let speedLabel: UnsafeMutablePointer<GtkWidget>
    private let loopButton: UnsafeMutablePointer<GtkWidget>
    private let muteButton: UnsafeMutablePointer<GtkWidget>
    private var updating = false
    private(set) var isDragging = false
    /// The bar's signal handlers: they go with the bar.
    private var connections: [GtkSignalConnection] = []

    var onCommand: ((WallCommand) -> Void)?
    /// The user grabbed (true) or released (false) the seek bar.
    var onDrag: ((Bool) -> Void)?
    /// The seek bar moved under the user's hand, in seconds.
    var onScrub: ((Double) -> Void)?

    init() {
        container = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 4)!
        gtk_container_set_border_width(vw_container(container), 4)
        func button(_ text: String, _ command: WallCommand) -> UnsafeMutablePointer<GtkWidget> {
            let b = gtk_button_new_with_label(text)!
            gtk_widget_set_can_focus(b, 0)
            return b
        }
        let back = button("◀|", .stepFrames(-1))
        playButton = button("▶", .togglePlayPause)
        let forward = button("|▶", .stepFrames(1))
        let slower = button("−", .slower)
        let faster = button("+", .faster)
        scale = gtk_scale_new_with_range(GTK_ORIENTATION_HORIZONTAL, 0, 1, 0.01)!
        gtk_scale_set_draw_value(vw_scale(scale), 0)
        gtk_widget_set_can_focus(scale, 0)
        timeLabel = gtk_label_new(TimeFormatting.transport(position: nil, duration: nil))!
        speedLabel = gtk_label_new("1×")!
        loopButton = gtk_toggle_button_new_with_label("Loop")!
        muteButton = gtk_toggle_button_new_with_label("Mute")!
        gtk_widget_set_can_focus(loopButton, 0)
        gtk_widget_set_can_focus(muteButton, 0)

        let box = vw_box(container)
        for widget in [back, playButton, forward] { gtk_box_pack_start(box, widget, 0, 0, 0) }
        gtk_box_pack_start(box, scale, 1, 1, 4)
        for widget in [timeLabel, slower, speedLabel, faster, loopButton, muteButton] { gtk_box_pack_start(box, widget, 0, 0, 0) }

        connections = [
            GtkSignals.onSimple(back, "clicked") { [weak self] in self?.onCommand?(.stepFrames(-1)) },
            GtkSignals.onSimple(playButton, "clicked") { [weak self] in self?.onCommand?(.togglePlayPause) },
            GtkSignals.onSimple(forward, "clicked") { [weak self] in self?.onCommand?(.stepFrames(1)) },
            GtkSignals.onSimple(slower, "clicked") { [weak self] in self?.onCommand?(.slower) },
            GtkSignals.onSimple(faster, "clicked") { [weak self] in self?.onCommand?(.faster) },
            GtkSignals.onSimple(loopButton, "toggled") { [weak self] in
                guard let self, !self.updating else { return }
                self.onCommand?(.toggleLoop)
            },
            GtkSignals.onSimple(muteButton, "toggled") { [weak self] in
                guard let self, !self.updating else { return }
                self.onCommand?(.toggleMute)
            },
            GtkSignals.onButton(scale, "button-press-event") { [weak self] in
                self?.isDragging = true
                self?.onDrag?(true)
            },
            GtkSignals.onButton(scale, "button-release-event") { [weak self] in
                guard let self else { return }
                self.isDragging = false
                self.onScrub?(gtk_range_get_value(vw_range(self.scale)))
                self.onDrag?(false)
            },
            GtkSignals.onSimple(scale, "value-changed") { [weak self] in
                guard let self, !self.updating, self.isDragging else { return }
                self.onScrub?(gtk_range_get_value(vw_range(self.scale)))
            },
        ]
    }

    /// Shows the wall's state (called four times a second); the seek bar is left alone while dragged.
    func update(position: MediaTime?, duration: MediaTime?, playing: Bool, rate: Double, loop: Bool, muted: Bool) {
        updating = true
        defer { updating = false }
        gtk_button_set_label(vw_button(playButton), playing ? "❚❚" : "▶")
        gtk_label_set_text(vw_label(timeLabel), TimeFormatting.transport(position: position, duration: duration))
        gtk_label_set_text(vw_label(speedLabel), rate == 1 ? "1×" : String(format: "%g×", rate))
        if !isDragging {
            let length = max(duration?.seconds ?? 0, 0.01)
            gtk_range_set_range(vw_range(scale), 0, length)
            gtk_range_set_value(vw_range(scale), position?.seconds ?? 0)
        }
        gtk_toggle_button_set_active(vw_toggle_button(loopButton), loop ? 1 : 0)
        gtk_toggle_button_set_active(vw_toggle_button(muteButton), muted ? 1 : 0)
    }

    var timeText: String { gtk_label_get_text(vw_label(timeLabel)).map { String(cString: $0) } ?? "" }
}
