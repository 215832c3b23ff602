import GStreamerKit
import VideoWallCore
import VideoWallEngine

/// One wall on several monitors from one process (`play --screens left=0,right=1`): a window
/// per monitor, each showing its screen's part of the canvas (`Options.screen`). Every tile is
/// decoded once and its frames fanned out to the windows that show some of it, and one window's
/// frame tick picks what all of them paint.
extension WallWindow {
    /// Whether some of tile `tile`'s region falls on this window's screen (always, for a window
    /// that shows the whole layout).
    public func showsTile(_ tile: Int) -> Bool {
        guard let region = viewForTile[tile] else { return false }
        guard let canvas = layout.canvas, let screen = options.screen else { return true }
        return canvas.place(tiles[region].region).intersection(screen.activeArea) != nil
    }

    /// Where tile `tile` is drawn when `windows` show one wall: the surfaces of every window
    /// its region reaches, behind one `tee` (`VideoSink.fanOut`), so the tile is decoded once
    /// however many monitors show it. Headless when no window shows it.
    public static func videoOutput(forTile tile: Int, in windows: [WallWindow]) -> any VideoOutput {
        let sinks = windows.filter { $0.showsTile(tile) }.compactMap { $0.videoOutput(forTile: tile) as? VideoSink }
        guard !sinks.isEmpty else { return HeadlessVideoOutput() }
        // A tee that cannot be made leaves the tile on its first window only.
        return (try? VideoSink.fanOut(sinks, name: "tile\(tile)-monitors")) ?? sinks[0]
    }

    /// Makes the frame tick of the first of `windows` on screen pick the frames of all of
    /// them, with one reading of the pipeline clock, before any is painted.
    public static func presentTogether(_ windows: [WallWindow]) {
        let group = windows.map(WeakWindow.init)
        for window in windows { window.presentationGroup = group }
    }

    /// Saves what `windows` show as one PNG, each window's picture where it is on the screen
    /// (written off the main thread, as `saveScreenshot(to:)`).
    public static func saveScreenshot(of windows: [WallWindow], to path: String) async throws(WindowError) {
        try await WindowCapture.savePNG(of: windows.map(\.window), to: path)
    }
}
