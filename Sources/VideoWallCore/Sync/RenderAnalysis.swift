/// What the sync benchmark computes from recorded renders: pure functions, so the measuring
/// can be tested on hand-made records (a deliberate one-frame offset must show as one frame).
package enum RenderAnalysis {
    /// Identifies each render by loop and frame: the frame index from the timestamp, plus
    /// `framesPerLoop` for every time the index jumps back (a loop wrap restarts timestamps).
    package static func frameKeys(presentationTimes: [MediaTime], frameDuration: MediaTime, framesPerLoop: Int) -> [Int] {
        var loop = 0
        var previous: Int64?
        return presentationTimes.map { time in
            let index = FrameMath.frameIndex(of: time, frameDuration: frameDuration)
            if let previous, index < previous - Int64(max(1, framesPerLoop / 2)) { loop += 1 }
            previous = index
            return loop * framesPerLoop + Int(index)
        }
    }

    /// For every frame key that every tile rendered, the spread of the clock times at which
    /// the tiles rendered it (latest minus earliest), in microseconds, in key order.
    package static func spreads(_ tiles: [[(key: Int, time: MediaTime)]]) -> [Double] {
        guard let first = tiles.first, !first.isEmpty else { return [] }
        var byKey: [Int: [MediaTime]] = [:]
        for tile in tiles {
            var seen = Set<Int>()
            for render in tile where seen.insert(render.key).inserted { byKey[render.key, default: []].append(render.time) }
        }
        return byKey.keys.sorted().compactMap { key in
            guard let times = byKey[key], times.count == tiles.count, let low = times.min(), let high = times.max() else { return nil }
            return Double((high - low).nanoseconds) / 1000
        }
    }

    /// The longest interval between two consecutive renders.
    package static func longestInterval(_ times: [MediaTime]) -> MediaTime? {
        longestGap(in: times)?.interval
    }

    /// The longest interval between two consecutive renders and the index of the render that
    /// ends it (the first, when several are as long), so a failure can say which frames it lies between.
    package static func longestGap(in times: [MediaTime]) -> (interval: MediaTime, endingAt: Int)? {
        var longest: (interval: MediaTime, endingAt: Int)?
        for index in times.indices.dropFirst() {
            let interval = times[index] - times[index - 1]
            if let current = longest, interval <= current.interval { continue }
            longest = (interval, index)
        }
        return longest
    }

    /// Frames lost (a step of more than one) and repeated (a step of zero or back) in a
    /// sequence of frame indices that should count up by one and wrap after `framesPerLoop`.
    package static func continuity(indices: [Int], framesPerLoop: Int) -> (lost: Int, repeated: Int) {
        var lost = 0, repeated = 0
        for (a, b) in zip(indices, indices.dropFirst()) {
            let step = ((b - a) % framesPerLoop + framesPerLoop) % framesPerLoop
            if step == 0 { repeated += 1 } else if step > 1 { lost += step - 1 }
        }
        return (lost, repeated)
    }
}

/// How often every tile showed the same frame in captures of the window.
package struct ScreenCoherence: Sendable, Codable, Equatable {
    /// Captures in which every tile's frame code could be read.
    package var samples: Int
    /// Captures in which a code could not be read (a torn or missing frame).
    package var unreadable: Int
    /// Readable captures in which every tile showed the same frame.
    package var allSame: Int
    /// The largest difference in frames between two tiles in one capture.
    package var largestDifference: Int

    package var shareAllSame: Double { samples == 0 ? 0 : Double(allSame) / Double(samples) }

    /// `reads[i][t]`: the frame code tile `t` showed in capture `i` (nil: unreadable).
    package static func of(_ reads: [[Int?]]) -> ScreenCoherence {
        var result = ScreenCoherence(samples: 0, unreadable: 0, allSame: 0, largestDifference: 0)
        for capture in reads {
            let codes = capture.compactMap { $0 }
            guard codes.count == capture.count, let low = codes.min(), let high = codes.max() else {
                result.unreadable += 1
                continue
            }
            result.samples += 1
            if low == high { result.allSame += 1 }
            result.largestDifference = max(result.largestDifference, high - low)
        }
        return result
    }
}
