import VideoWallEngine
import VideoWallFixtures

/// What to measure and on what clips.
package struct BenchOptions: Sendable {
    /// Tiles in the sync, seek, start and on-screen measurements.
    package var tiles = 4
    /// Size of the clips for sync, seek, start and on-screen measurements.
    package var width = 854
    package var height = 480
    package var frameRate = 30
    /// Length of the clips (seconds).
    package var seconds = 8
    /// Seconds between key frames (seeks decode from the previous one).
    package var keyFrameInterval = 1
    package var codec: ClipSpec.Codec = .h264
    /// Tile counts and clip size of the cost sweep (1080p30, as the issue asks).
    package var costTiles = [1, 2, 3, 4]
    package var costWidth = 1920
    package var costHeight = 1080
    /// Seconds each cost run is measured, after `costWarmUp` seconds of start-up.
    package var costSeconds = 6.0
    package var costWarmUp = 2.0
    /// Accurate seeks to time, for the wall and for the baseline each.
    package var seeks = 10
    /// Seconds of the soak run (a short clip looping headless).
    package var soakSeconds = 60.0
    /// Window captures for the on-screen coherence figure.
    package var screenSamples = 60
    /// Starts of a windowed videowall timed from process start to picture.
    package var launchRuns = 10
    /// Where generated clips are cached.
    package var clipDirectory: String
    /// The `videowall` binary for the cost runs (the running one).
    package var executable: String
    /// Where the wall bench keeps each run's render logs and its processes' output, a folder
    /// per run (nil: they are deleted after the run).
    package var keptLogs: String?

    package init(clipDirectory: String, executable: String) {
        self.clipDirectory = clipDirectory
        self.executable = executable
    }

    /// A small, fast configuration: the end-to-end test runs this.
    package static func quick(clipDirectory: String, executable: String) -> BenchOptions {
        var options = BenchOptions(clipDirectory: clipDirectory, executable: executable)
        options.tiles = 2
        options.width = 320
        options.height = 180
        options.seconds = 3
        options.costTiles = [1, 2]
        options.costWidth = 320
        options.costHeight = 180
        options.costSeconds = 1.5
        options.costWarmUp = 0.5
        options.seeks = 3
        options.screenSamples = 10
        options.launchRuns = 2
        options.soakSeconds = 4
        return options
    }

    var framesPerClip: Int { seconds * frameRate }
}
