internal import GStreamerKit
import VideoWallCore

extension HardwareDecoding {
    /// Sets GStreamer's decoder ranks for this choice (`rankChanges`), before anything is
    /// described or played: discovery, every tile and every later item then pick alike.
    /// Returns the hardware decoders there are and what became of each, one line each.
    package func apply() -> [String] {
        let decoders = DecoderFactories.video().map { Decoder(name: $0.name, rank: $0.rank, isHardware: $0.isHardware) }
        // One of the `va` plugin's decoders reaching READY proves its display opens.
        let vaOpens = decoders.first { Self.isVADecoder($0.name) }.map { DecoderFactories.reachesReady($0.name) } ?? false
        let changes = rankChanges(for: decoders, vaDeviceOpens: vaOpens)
        for (name, rank) in changes { GStreamer.setRank(rank, ofFeature: name) }
        return decoders.filter(\.isHardwareDecoder).map { decoder in
            let rank = changes[decoder.name] ?? decoder.rank
            let standing = rank == Self.rankNone ? "not used" : rank > Self.rankPrimary ? "preferred" : "ranked \(rank)"
            return "\(decoder.name): \(standing)"
        }.sorted()
    }
}
