package import GStreamerKit
import VideoWallCore

extension Wall {
    /// Every tile, one per source given to `load`, in that order: `tiles[i]` is the i-th
    /// source's tile whatever became of the others.
    public var tiles: [TileStatus] { slots.map(status(of:)) }

    private func status(of slot: TileSlot) -> TileStatus {
        let player = slot.player
        var status = TileStatus(index: slot.index, source: slot.source,
                          state: player.map { $0.isStandingBy ? .paused : $0.state } ?? .failed, failure: slot.failure,
                          notReadyReason: player?.notReadyReason,
                          position: player?.position, duration: player?.asset.duration,
                          mediaFormat: player?.videoFormat.map(MediaFormat.init),
                          statistics: player?.statistics.map(TileStatistics.init),
                          loopCount: player?.loopCount ?? 0, warnings: (skippedItems[slot.index] ?? []) + (player?.warnings ?? []),
                          recoveries: recoveredCounts[slot.index] ?? 0, offset: offset(ofTile: slot.index))
        if let player, let item = player.currentItem {
            status.item = item.name
            status.itemPosition = item.index
            status.itemCount = player.playlist?.count
            status.itemChanges = player.itemChanges
        }
        status.playlistSource = slot.listSource
        if let video = player?.asset.video {
            status.describedFormat = MediaFormat(width: video.width, height: video.height, pixelAspect: video.pixelAspect, frameRate: video.frameRate)
            status.codec = video.codec
            status.bitrate = video.bitrate
        }
        status.decoder = player?.videoDecoder
        status.frameDuration = frameDuration(ofTile: slot.index)
        status.isNetwork = player?.asset.isNetwork ?? MediaLocation.isNetwork(slot.source)
        status.isMuted = isMuted(tile: slot.index)
        status.volume = player?.ownVolume ?? 1
        status.inMediaHole = player?.awaitsMediaGap ?? false
        return status
    }
}

extension MediaFormat {
    package init(_ format: VideoFormat) {
        let rate = format.frameRate.flatMap { $0.numerator > 0 && $0.denominator > 0 ? Double($0.numerator) / Double($0.denominator) : nil }
        self.init(width: format.width, height: format.height,
                  pixelAspect: PixelAspectRatio(numerator: max(1, format.pixelAspect.numerator), denominator: max(1, format.pixelAspect.denominator)),
                  frameRate: rate)
    }
}

extension TileStatistics {
    init(_ statistics: SinkStatistics) {
        self.init(framesRendered: statistics.rendered, framesDropped: statistics.dropped)
    }
}
