/// Whether a machine can decode every tile of a wall in time, from what one decoder of each
/// source managed on it (`videowall probe --capacity`): frames per second of processor time,
/// against the frames each tile needs per second. A wall that needs more than `usable` of the
/// cores (the rest goes to showing the frames, sound and the system) will not keep up; the
/// estimate says what would: fewer tiles, a hardware decoder, or smaller pictures.
package struct CapacityEstimate: Sendable, Equatable {
    /// One tile: its source's frame rate, how many frames of it one core decodes a second,
    /// its picture size, and whether a hardware decoder does it (then it costs the cores
    /// little, and is not counted).
    package struct Tile: Sendable, Equatable {
        package var name: String
        package var framesPerSecond: Double
        package var decodedPerCoreSecond: Double
        package var width: Int
        package var height: Int
        package var hardware: Bool

        package init(name: String, framesPerSecond: Double, decodedPerCoreSecond: Double, width: Int, height: Int, hardware: Bool = false) {
            self.name = name
            self.framesPerSecond = framesPerSecond
            self.decodedPerCoreSecond = decodedPerCoreSecond
            self.width = width
            self.height = height
            self.hardware = hardware
        }

        /// The share of one core decoding it takes.
        package var cores: Double {
            hardware || framesPerSecond <= 0 ? 0 : framesPerSecond / max(decodedPerCoreSecond, 0.001)
        }
    }

    /// The share of the cores decoding may take.
    package static let usableShare = 0.75

    package var tiles: [Tile]
    package var cores: Int
    /// Whether this machine has a hardware video decoder (then `--hwdec` is worth a try).
    package var hasHardwareDecoders: Bool

    package init(tiles: [Tile], cores: Int, hasHardwareDecoders: Bool = false) {
        self.tiles = tiles
        self.cores = max(1, cores)
        self.hasHardwareDecoders = hasHardwareDecoders
    }

    /// Cores the tiles' decoding needs.
    package var neededCores: Double { tiles.reduce(0) { $0 + $1.cores } }
    package var usableCores: Double { Double(cores) * Self.usableShare }
    package var keepsUp: Bool { neededCores <= usableCores }

    /// How many of these tiles (the costliest left out first) fit.
    package var tilesThatFit: Int {
        var total = 0.0
        var count = 0
        for tile in tiles.sorted(by: { $0.cores < $1.cores }) {
            total += tile.cores
            guard total <= usableCores else { break }
            count += 1
        }
        return count
    }

    /// The tallest common picture height (2160, 1440, 1080, 720, 540, 360, 240) at which the
    /// software-decoded tiles would fit, decoding costing in proportion to the pixels; nil
    /// when even 240 lines would not, or the tiles fit already.
    package var heightThatFits: Int? {
        guard !keepsUp else { return nil }
        let software = tiles.filter { !$0.hardware && $0.height > 0 }
        let hardwareCost = tiles.filter(\.hardware).reduce(0) { $0 + $1.cores }
        for height in [2160, 1440, 1080, 720, 540, 360, 240] {
            let cost = software.reduce(hardwareCost) { total, tile in
                let scale = min(1, Double(height) / Double(tile.height))
                return total + tile.cores * scale * scale
            }
            if cost <= usableCores, software.contains(where: { $0.height > height }) { return height }
        }
        return nil
    }

    /// The verdict in a few plain sentences.
    package var lines: [String] {
        var lines = tiles.map { tile in
            let share = tile.hardware ? "a hardware decoder" : "\(Self.percent(tile.cores)) of a core"
            return "\(tile.name): \(tile.width)x\(tile.height) at \(Self.number(tile.framesPerSecond)) fps needs \(share)"
                + (tile.hardware ? "" : " (one core decodes \(Self.number(tile.decodedPerCoreSecond)) frames a second)")
        }
        let summary = "\(tiles.count) tile\(tiles.count == 1 ? " needs" : "s need") \(Self.number(neededCores)) cores of decoding; "
            + "this machine has \(cores) (\(Self.number(usableCores)) for decoding)"
        guard !keepsUp else { return lines + [summary + ": it keeps up."] }
        var would = tilesThatFit > 0 ? ["\(tilesThatFit) tile\(tilesThatFit == 1 ? "" : "s") of these"] : []
        if hasHardwareDecoders, tiles.contains(where: { !$0.hardware }) { would.append("hardware decoding (--hwdec)") }
        if let height = heightThatFits { would.append("pictures of \(height) lines") }
        return lines + [summary + ": it will not keep up (frames will be dropped, every tile alike)."]
            + (would.isEmpty ? ["Nothing short of a faster machine would."] : ["It would with " + would.joined(separator: ", or ") + "."])
    }

    private static func number(_ value: Double) -> String {
        value >= 10 ? String(Int(value.rounded())) : String((value * 10).rounded() / 10)
    }

    private static func percent(_ value: Double) -> String { "\(Int((value * 100).rounded())) %" }
}
