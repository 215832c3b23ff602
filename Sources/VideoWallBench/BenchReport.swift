import Foundation
import VideoWallCore

/// Every figure of one benchmark run (the JSON `videowall bench --json` prints).
package struct BenchReport: Codable, Sendable, BenchJSON {
    package struct Machine: Codable, Sendable {
        package var cores: Int
        package var gstreamer: String
        package var display: String
    }

    /// Spread, across tiles, of the clock time at which each frame was rendered (µs).
    /// `sinkSync` reads release times (each sink's due time, or the frame's arrival when it
    /// came late); `sinkWakeUp` reads the clock inside each sink's render call, so it adds
    /// the kernel's delay in waking each sink thread.
    package struct SinkSync: Codable, Sendable {
        package var steady: Percentiles?
        package var afterPauseResume: Percentiles?
        package var afterSeek: Percentiles?
        package var afterSpeedChange: Percentiles?
        package var afterLoopWrap: Percentiles?
    }

    package struct Loop: Codable, Sendable {
        package var framePeriodMs: Double
        /// Longest interval between the release times of two rendered frames across the
        /// wraps, any tile.
        package var longestIntervalMs: Double
        /// The same, read inside the sinks' render calls (adds thread wake-up delay).
        package var longestObservedIntervalMs: Double
        package var wraps: Int
        package var framesLost: Int
        package var framesRepeated: Int
    }

    package struct Latency: Codable, Sendable {
        package var runs: Int
        package var p50Ms: Double
        package var maxMs: Double
        /// Tiles that did not land on the target frame, over all runs.
        package var frameErrors: Int
    }

    package struct Comparison: Codable, Sendable {
        package var videowall: Latency
        package var baseline: Latency
        /// videowall p50 / baseline p50.
        package var ratio: Double
    }

    /// From starting the process to every tile's first frame on screen (`LaunchBench`).
    package struct Launch: Codable, Sendable {
        package var runs: Int
        package var tiles: Int
        package var p50Ms: Double
        package var minMs: Double
        package var maxMs: Double
    }

    package struct Cost: Codable, Sendable {
        package var tiles: Int
        package var cpuPerSecond: Double
        package var droppedFrames: Int
        package var peakMemoryMB: Double
        package var baselineCPUPerSecond: Double
        package var baselineDroppedFrames: Int
        package var baselinePeakMemoryMB: Double
        package var cpuRatio: Double
    }

    package struct Display: Codable, Sendable {
        package var tiles: Int
        package var width: Int
        package var height: Int
        package var headlessCPUPerSecond: Double
        package var windowCPUPerSecond: Double
        /// (window − headless) per tile, in cores.
        package var extraCoresPerTile: Double
        package var droppedFrames: Int
    }

    /// A long loop of a short clip: loops, frames and resident memory over the run.
    /// `videowall bench --wall N`: a run per link profile.
    package struct Walls: Codable, Sendable, BenchJSON {
        package var runs: [WallRun]
    }

    /// A leader and N followers as processes over loopback, through relays of one link profile.
    package struct WallRun: Codable, Sendable {
        package var followers: Int
        package var link: String
        /// Frames every process showed (from the fourth after the last follower joined).
        package var framesCompared: Int
        /// Per frame, the latest release less the earliest, across the leader and followers.
        package var spreadMilliseconds: Percentiles?
        /// Per follower, from its start to its first frame within 1 ms of the leader's.
        package var secondsToFirstFrameInSync: [Double]
        /// The run's phases: steady, then after each change the leader was given.
        package var phases: [WallPhase]
    }

    /// `videowall bench --wall N --wall-seconds S`: a long steady run on a LAN link.
    package struct WallDrift: Codable, Sendable, BenchJSON {
        package var followers: Int
        package var seconds: Double
        /// The spread minute by minute.
        package var minutes: [WallPhase]
    }

    /// One phase of a wall run: the leader's frames released in it against the followers'.
    package struct WallPhase: Codable, Sendable {
        package var name: String
        /// Leader frames every follower showed too.
        package var framesCompared: Int
        /// Leader frames some follower did not show (it had not joined the change yet).
        package var framesMissed: Int
        /// Per frame shown by all, the latest release less the earliest.
        package var spreadMilliseconds: Percentiles?
        /// From the phase's start to the first leader frame every follower showed within 1 ms.
        package var secondsToSync: Double?
    }

    /// `videowall bench --playlist-soak SECONDS`: four tiles on one folder of clips and a still.
    package struct PlaylistSoak: Codable, Sendable, BenchJSON {
        package var seconds: Double
        package var tiles: Int
        package var itemsPerRound: Int
        package var roundSeconds: Double
        /// Per tile.
        package var itemChanges: [Int]
        package var framesRendered: [Int]
        package var framesDropped: [Int]
        /// Frames one tile shows in `seconds` if no frame is lost or repeated (the still is one
        /// frame a round): within a round of `framesRendered` means none was.
        package var framesExpected: Int
        package var residentStartMB: Double
        package var residentEndMB: Double
        package var residentGrowthMBPerHour: Double?
        package var residentGrowth: String
        package var threadsStart: Int
        package var threadsEnd: Int
        package var descriptorsStart: Int
        package var descriptorsEnd: Int
        package var threadGrowthPerHour: Double?
        package var descriptorGrowthPerHour: Double?
    }

    package struct Soak: Codable, Sendable {
        package var seconds: Double
        package var tiles: Int
        /// Loops of the tile that looped least.
        package var loops: Int
        package var framesPerLoop: Int
        /// Over every tile and loop.
        package var framesRendered: Int
        package var framesDropped: Int
        package var residentStartMB: Double
        package var residentEndMB: Double
        /// Least-squares slope of resident memory over the run, in MiB per hour; nil (left out
        /// of the JSON) when the run was too short to tell.
        package var residentGrowthMBPerHour: Double?
        /// The growth in words: the figure, or that the run was too short to tell and why.
        package var residentGrowth: String
    }

    /// The fault run (`videowall bench --faults`): a network tile that loses its server, beside
    /// a local tile that must lose nothing.
    /// `videowall bench --corpus`: the real-media corpus against bare playbin.
    package struct Corpus: Codable, Sendable, BenchJSON {
        package var directory: String
        package var files: [CorpusFile]
    }

    /// One corpus file: frames bare playbin rendered from it, and the wall alone and among four.
    package struct CorpusFile: Codable, Sendable {
        package var name: String
        package var container: String?
        package var videoCodec: String?
        package var durationSeconds: Double?
        package var bareFrames = 0
        package var bareError: String?
        package var aloneFrames = 0
        package var aloneDropped = 0
        package var aloneOverload = false
        package var wallFrames = 0
        package var wallDropped = 0
        /// Whether the wall of four this file played in said it could not keep up.
        package var wallOverload = false
        /// The wall's error for the file played alone.
        package var error: String?

        package init(name: String) { self.name = name }
    }

    package struct Faults: Codable, Sendable, BenchJSON {
        package struct Recovery: Codable, Sendable {
            package var cause: String
            /// Seconds from the fault to the tile's failure (the watchdog's verdict, for a hang).
            package var noticedAfter: Double
            /// Seconds from the server answering again to the tile playing in the wall again.
            package var backAfter: Double
            /// The largest distance between the two tiles' positions in the second after.
            package var spreadAfterMilliseconds: Double
        }

        package struct Flood: Codable, Sendable {
            package var linesSent: Int
            /// The longest a polite client waited for an answer meanwhile.
            package var slowestReplyMilliseconds: Double
            package var localTileFramesDropped: Int
        }

        package var recoveries: [Recovery]
        package var flood: Flood
        /// Over the whole run (target: 0).
        package var localTileFramesDropped: Int
        package var localTileFramesRendered: Int
    }

    /// Launch to every tile on screen and steady cost, VideoWall against its peers, read from
    /// outside every process (`FirstPictureBench`).
    package struct FirstPicture: Codable, Sendable, BenchJSON {
        package struct Peer: Codable, Sendable {
            package var name: String
            /// Seconds from spawning the process(es) to all four quadrants showing a frame code
            /// on the screen, one per run (none for a peer whose windows overlap).
            package var firstPictureSeconds: [Double] = []
            /// VideoWall's own `launchToPictureSeconds` of the same runs.
            package var insideLaunchSeconds: [Double] = []
            /// CPU seconds per second of steady play: the peer's processes, and the X server's.
            package var cpuPerSecond: [Double] = []
            package var xServerPerSecond: [Double] = []

            package init(name: String) { self.name = name }
        }

        package var clips: String
        package var runs: Int
        package var steadySeconds: Double
        package var peers: [Peer]
        package var notes: [String]

        package init(clips: String, runs: Int, steadySeconds: Double, peers: [Peer], notes: [String]) {
            (self.clips, self.runs, self.steadySeconds, self.peers, self.notes) = (clips, runs, steadySeconds, peers, notes)
        }
    }

    /// Tiles x size x decoder, headless (`CapacityBench`).
    package struct Capacity: Codable, Sendable, BenchJSON {
        package struct Run: Codable, Sendable {
            package var size: String
            package var tiles: Int
            package var hwdec: String
            package var exitStatus: Int
            /// Frames due over the playing time (tiles x seconds x frame rate), shown, dropped.
            package var framesDue: Int
            package var framesShown: Int
            package var framesDropped: Int
            /// The whole process's CPU over its whole run, start-up included, per tile.
            package var cpuPerTile: Double
            /// How much longer than its playing time the run took: start-up and stop.
            package var secondsBeyondPlaying: Double
            package var decoders: [String]
        }

        package var cores: Int
        package var playingSeconds: Double
        package var runs: [Run]
    }

    package var machine: Machine
    package var clips: String
    package var tiles: Int
    package var sinkSync: SinkSync
    package var sinkWakeUp: SinkSync
    package var loop: Loop?
    package var screen: ScreenCoherence?
    package var screenNote: String?
    /// The same captures while a process keeps one core busy.
    package var screenUnderLoad: ScreenCoherence?
    package var launch: Launch?
    package var seek: Comparison?
    package var start: Comparison?
    package var cost: [Cost]
    package var display: Display?
    package var soak: Soak?
    /// Anything that could not be measured, and why.
    package var notes: [String]
}

/// A bench result as `--json` prints it: one encoder setting for every run.
package protocol BenchJSON: Encodable {}

extension BenchJSON {
    package func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
