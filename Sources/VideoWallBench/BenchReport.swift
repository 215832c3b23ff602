import Foundation
import VideoWallCore

/// Every figure of one benchmark run (the JSON `videowall bench --json` prints).
public struct BenchReport: Codable, Sendable, BenchJSON {
    public struct Machine: Codable, Sendable {
        public var cores: Int
        public var gstreamer: String
        public var display: String
    }

    /// Spread, across tiles, of the clock time at which each frame was rendered (µs).
    /// `sinkSync` reads release times (each sink's due time, or the frame's arrival when it
    /// came late); `sinkWakeUp` reads the clock inside each sink's render call, so it adds
    /// the kernel's delay in waking each sink thread.
    public struct SinkSync: Codable, Sendable {
        public var steady: Percentiles?
        public var afterPauseResume: Percentiles?
        public var afterSeek: Percentiles?
        public var afterSpeedChange: Percentiles?
        public var afterLoopWrap: Percentiles?
    }

    public struct Loop: Codable, Sendable {
        public var framePeriodMs: Double
        /// Longest interval between the release times of two rendered frames across the
        /// wraps, any tile.
        public var longestIntervalMs: Double
        /// The same, read inside the sinks' render calls (adds thread wake-up delay).
        public var longestObservedIntervalMs: Double
        public var wraps: Int
        public var framesLost: Int
        public var framesRepeated: Int
    }

    public struct Latency: Codable, Sendable {
        public var runs: Int
        public var p50Ms: Double
        public var maxMs: Double
        /// Tiles that did not land on the target frame, over all runs.
        public var frameErrors: Int
    }

    public struct Comparison: Codable, Sendable {
        public var videowall: Latency
        public var baseline: Latency
        /// videowall p50 / baseline p50.
        public var ratio: Double
    }

    /// From starting the process to every tile's first frame on screen (`LaunchBench`).
    public struct Launch: Codable, Sendable {
        public var runs: Int
        public var tiles: Int
        public var p50Ms: Double
        public var minMs: Double
        public var maxMs: Double
    }

    public struct Cost: Codable, Sendable {
        public var tiles: Int
        public var cpuPerSecond: Double
        public var droppedFrames: Int
        public var peakMemoryMB: Double
        public var baselineCPUPerSecond: Double
        public var baselineDroppedFrames: Int
        public var baselinePeakMemoryMB: Double
        public var cpuRatio: Double
    }

    public struct Display: Codable, Sendable {
        public var tiles: Int
        public var width: Int
        public var height: Int
        public var headlessCPUPerSecond: Double
        public var windowCPUPerSecond: Double
        /// (window − headless) per tile, in cores.
        public var extraCoresPerTile: Double
        public var droppedFrames: Int
    }

    /// A long loop of a short clip: loops, frames and resident memory over the run.
    /// `videowall bench --wall N`: a run per link profile.
    public struct Walls: Codable, Sendable, BenchJSON {
        public var runs: [WallRun]
    }

    /// A leader and N followers as processes over loopback, through relays of one link profile.
    public struct WallRun: Codable, Sendable {
        public var followers: Int
        public var link: String
        /// Frames every process showed (from the fourth after the last follower joined).
        public var framesCompared: Int
        /// Per frame, the latest release less the earliest, across the leader and followers.
        public var spreadMilliseconds: Percentiles?
        /// Per follower, from its start to its first frame within 1 ms of the leader's.
        public var secondsToFirstFrameInSync: [Double]
        /// The run's phases: steady, then after each change the leader was given.
        public var phases: [WallPhase]
    }

    /// `videowall bench --wall N --wall-seconds S`: a long steady run on a LAN link.
    public struct WallDrift: Codable, Sendable, BenchJSON {
        public var followers: Int
        public var seconds: Double
        /// The spread minute by minute.
        public var minutes: [WallPhase]
    }

    /// One phase of a wall run: the leader's frames released in it against the followers'.
    public struct WallPhase: Codable, Sendable {
        public var name: String
        /// Leader frames every follower showed too.
        public var framesCompared: Int
        /// Leader frames some follower did not show (it had not joined the change yet).
        public var framesMissed: Int
        /// Per frame shown by all, the latest release less the earliest.
        public var spreadMilliseconds: Percentiles?
        /// From the phase's start to the first leader frame every follower showed within 1 ms.
        public var secondsToSync: Double?
    }

    /// `videowall bench --playlist-soak SECONDS`: four tiles on one folder of clips and a still.
    public struct PlaylistSoak: Codable, Sendable, BenchJSON {
        public var seconds: Double
        public var tiles: Int
        public var itemsPerRound: Int
        public var roundSeconds: Double
        /// Per tile.
        public var itemChanges: [Int]
        public var framesRendered: [Int]
        public var framesDropped: [Int]
        /// Frames one tile shows in `seconds` if no frame is lost or repeated (the still is one
        /// frame a round): within a round of `framesRendered` means none was.
        public var framesExpected: Int
        public var residentStartMB: Double
        public var residentEndMB: Double
        public var residentGrowthMBPerHour: Double?
        public var residentGrowth: String
        public var threadsStart: Int
        public var threadsEnd: Int
        public var descriptorsStart: Int
        public var descriptorsEnd: Int
        public var threadGrowthPerHour: Double?
        public var descriptorGrowthPerHour: Double?
    }

    public struct Soak: Codable, Sendable {
        public var seconds: Double
        public var tiles: Int
        /// Loops of the tile that looped least.
        public var loops: Int
        public var framesPerLoop: Int
        /// Over every tile and loop.
        public var framesRendered: Int
        public var framesDropped: Int
        public var residentStartMB: Double
        public var residentEndMB: Double
        /// Least-squares slope of resident memory over the run, in MiB per hour; nil (left out
        /// of the JSON) when the run was too short to tell.
        public var residentGrowthMBPerHour: Double?
        /// The growth in words: the figure, or that the run was too short to tell and why.
        public var residentGrowth: String
    }

    /// The fault run (`videowall bench --faults`): a network tile that loses its server, beside
    /// a local tile that must lose nothing.
    /// `videowall bench --corpus`: the real-media corpus against bare playbin.
    public struct Corpus: Codable, Sendable, BenchJSON {
        public var directory: String
        public var files: [CorpusFile]
    }

    /// One corpus file: frames bare playbin rendered from it, and the wall alone and among four.
    public struct CorpusFile: Codable, Sendable {
        public var name: String
        public var container: String?
        public var videoCodec: String?
        public var durationSeconds: Double?
        public var bareFrames = 0
        public var bareError: String?
        public var aloneFrames = 0
        public var aloneDropped = 0
        public var aloneOverload = false
        public var wallFrames = 0
        public var wallDropped = 0
        /// Whether the wall of four this file played in said it could not keep up.
        public var wallOverload = false
        /// The wall's error for the file played alone.
        public var error: String?

        public init(name: String) { self.name = name }
    }

    public struct Faults: Codable, Sendable, BenchJSON {
        public struct Recovery: Codable, Sendable {
            public var cause: String
            /// Seconds from the fault to the tile's failure (the watchdog's verdict, for a hang).
            public var noticedAfter: Double
            /// Seconds from the server answering again to the tile playing in the wall again.
            public var backAfter: Double
            /// The largest distance between the two tiles' positions in the second after.
            public var spreadAfterMilliseconds: Double
        }

        public struct Flood: Codable, Sendable {
            public var linesSent: Int
            /// The longest a polite client waited for an answer meanwhile.
            public var slowestReplyMilliseconds: Double
            public var localTileFramesDropped: Int
        }

        public var recoveries: [Recovery]
        public var flood: Flood
        /// Over the whole run (target: 0).
        public var localTileFramesDropped: Int
        public var localTileFramesRendered: Int
    }

    public var machine: Machine
    public var clips: String
    public var tiles: Int
    public var sinkSync: SinkSync
    public var sinkWakeUp: SinkSync
    public var loop: Loop?
    public var screen: ScreenCoherence?
    public var screenNote: String?
    /// The same captures while a process keeps one core busy.
    public var screenUnderLoad: ScreenCoherence?
    public var launch: Launch?
    public var seek: Comparison?
    public var start: Comparison?
    public var cost: [Cost]
    public var display: Display?
    public var soak: Soak?
    /// Anything that could not be measured, and why.
    public var notes: [String]
}

/// A bench result as `--json` prints it: one encoder setting for every run.
public protocol BenchJSON: Encodable {}

extension BenchJSON {
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self)
    }
}
