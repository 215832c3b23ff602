/// A test or demo clip to synthesise with `videotestsrc`.
package struct ClipSpec: Sendable, Hashable {
    package enum Codec: String, Sendable { case h264, vp8, vp9 }
    package enum Container: String, Sendable { case mp4, mkv, webm }
    /// The tone's encoding: Opus at 48 kHz in stereo, or AAC at 44.1 kHz in mono.
    package enum Sound: String, Sendable { case opus, aacMono44k }

    package var width: Int
    package var height: Int
    package var frameRate: Int
    package var frames: Int
    package var codec: Codec
    package var container: Container
    /// Pixel aspect ratio written into the stream (non-square pixels when not 1:1).
    package var pixelAspect: (Int, Int)
    /// A `videotestsrc` pattern nick: "smpte", "ball", "snow", "colors"...
    package var pattern: String
    /// More `videotestsrc` properties, such as a zone plate's coefficients or a
    /// `horizontal-speed` that sets a still pattern moving.
    package var patternProperties: [String: Int]
    /// Burns the running time and a caption into the picture (needs `timeoverlay`).
    package var caption: String?
    /// Frames between key frames.
    package var keyFrameInterval: Int
    /// Adds a sine tone so the clip has an audio stream.
    package var audio: Bool
    package var sound: Sound
    /// Target bit rate in kbit/s (nil: the encoder's default quality), and the x264 preset:
    /// benchmarks use a realistic rate and preset so decoding costs what real footage does.
    package var bitrate: Int?
    package var preset: String
    /// The share of frames dropped at random before encoding (`identity drop-probability`),
    /// leaving gaps in the timestamps: a sparse, variable-rate stream such as a camera that
    /// stores only the frames that change. Nil: every frame is kept.
    package var dropProbability: Double?

    package init(width: Int = 320, height: Int = 180, frameRate: Int = 30, frames: Int = 90,
                codec: Codec = .h264, container: Container = .mp4, pixelAspect: (Int, Int) = (1, 1),
                pattern: String = "smpte", patternProperties: [String: Int] = [:], caption: String? = nil, keyFrameInterval: Int = 30, audio: Bool = false,
                sound: Sound = .opus, bitrate: Int? = nil, preset: String = "ultrafast", dropProbability: Double? = nil) {
        self.sound = sound
        self.dropProbability = dropProbability
        self.width = width; self.height = height; self.frameRate = frameRate; self.frames = frames
        self.codec = codec; self.container = container; self.pixelAspect = pixelAspect
        self.pattern = pattern; self.patternProperties = patternProperties; self.caption = caption; self.keyFrameInterval = keyFrameInterval; self.audio = audio
        self.bitrate = bitrate; self.preset = preset
    }

    package static func == (a: ClipSpec, b: ClipSpec) -> Bool { a.cacheKey == b.cacheKey }
    package func hash(into hasher: inout Hasher) { hasher.combine(cacheKey) }

    /// A file name that changes whenever anything in the spec does (for caches).
    package var cacheKey: String {
        let cap = caption.map { "-" + $0.filter { $0.isLetter || $0.isNumber } } ?? ""
        let rate = bitrate.map { "-\($0)k-\(preset)" } ?? ""
        let sparse = dropProbability.map { "-drop\(Int(($0 * 100).rounded()))" } ?? ""
        let properties = sortedPatternProperties.map { "-\($0.key.filter { $0.isLetter || $0.isNumber })_\($0.value)" }.joined()
        return "\(width)x\(height)-par\(pixelAspect.0)_\(pixelAspect.1)-\(frameRate)fps-\(frames)f-k\(keyFrameInterval)-\(codec)-\(pattern)\(properties)\(cap)\(rate)\(sparse)\(audio ? (sound == .opus ? "-a" : "-aac") : "").\(container)"
    }

    package var seconds: Double { Double(frames) / Double(frameRate) }

    private var sortedPatternProperties: [(key: String, value: Int)] { patternProperties.sorted { $0.key < $1.key } }

    /// The gst-launch description that writes this clip to `path`.
    package func pipelineDescription(path: String) -> String {
        let properties = sortedPatternProperties.map { " \($0.key)=\($0.value)" }.joined()
        var video = "videotestsrc num-buffers=\(frames) pattern=\(pattern)\(properties) ! "
            + "video/x-raw,format=I420,width=\(width),height=\(height),framerate=\(frameRate)/1,pixel-aspect-ratio=\(pixelAspect.0)/\(pixelAspect.1) ! "
        if let dropProbability { video += "identity drop-probability=\(dropProbability) ! " }
        if let caption {
            let text = caption.replacingOccurrences(of: "\"", with: "")
            video += "timeoverlay halignment=center valignment=bottom font-desc=\"Sans \(max(10, height / 14))\" text=\"\(text)\" ! "
        }
        switch codec {
        case .h264:
            video += "x264enc speed-preset=\(preset) key-int-max=\(keyFrameInterval) bframes=0\(bitrate.map { " bitrate=\($0)" } ?? "") ! h264parse ! "
        case .vp8:
            video += "vp8enc deadline=1 keyframe-max-dist=\(keyFrameInterval) ! "
        case .vp9:
            video += "vp9enc deadline=1 cpu-used=8 keyframe-max-dist=\(keyFrameInterval)\(bitrate.map { " end-usage=cbr target-bitrate=\($0 * 1000)" } ?? "") ! "
        }
        let mux: String
        switch container {
        case .mp4: mux = "mp4mux name=mux"
        case .mkv: mux = "matroskamux name=mux"
        case .webm: mux = "webmmux name=mux"
        }
        var description = video + "queue ! mux. " + mux + " ! filesink location=\"\(path)\""
        if audio {
            // Whole buffers: the sound runs a little past the last frame.
            let samples = 1024, rate = sound == .opus ? 48000 : 44100
            let buffers = Int((seconds * Double(rate) / Double(samples)).rounded(.up))
            let encoder = sound == .opus ? "audio/x-raw,rate=48000,channels=2 ! audioconvert ! opusenc" : "audio/x-raw,rate=44100,channels=1 ! audioconvert ! avenc_aac ! aacparse"
            description += " audiotestsrc num-buffers=\(buffers) samplesperbuffer=\(samples) volume=0.1 ! \(encoder) ! queue ! mux."
        }
        return description
    }
}
