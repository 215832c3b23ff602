import VideoWallCore

/// What a tile reports, in order, on its event stream.
public enum PlayerEvent: Sendable {
    case stateChanged(PlayerState)
    /// The negotiated picture size (pixels), its pixel aspect, and the size it is shown at.
    case mediaSize(width: Int, height: Int, pixelAspect: PixelAspectRatio, display: Size)
    case buffering(percent: Int)
    case tags([String: String])
    case warning(String)
    case failed(AssetError)
    case endOfStream
    /// The tile started its clip again (loop number, from 1).
    case looped(Int)
}
