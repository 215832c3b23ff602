import VideoWallCore

/// What a tile reports, in order, on its event stream.
public enum PlayerEvent: Sendable {
    case stateChanged(PlayerState)
    /// The picture the decoder negotiated (size in pixels, pixel aspect, frame rate), as it
    /// enters the tile's video output; its `displaySize` is the size it is shown at. Sent
    /// again when the stream changes format mid-way.
    case mediaFormat(MediaFormat)
    case buffering(percent: Int)
    case tags([String: String])
    case warning(String)
    case failed(AssetError)
    case endOfStream
    /// The tile started its clip again (loop number, from 1).
    case looped(Int)
    /// A playlist tile's next item reached the screen: its index in the playlist (from 0) and
    /// the number of changes so far (from 1).
    case itemChanged(item: Int, changes: Int)
}
