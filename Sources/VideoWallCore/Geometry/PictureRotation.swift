/// How a tile's picture is turned before it is shown: by the stream's own orientation or not
/// (mpv's `--video-rotate=no` ignores it), then by a number of degrees clockwise on top, from
/// `--video-rotate` and the layout region's `rotate:` (a portrait signage screen). As in mpv,
/// a number adds to the stream's orientation: 0 is the same as `auto`.
public struct PictureRotation: Sendable, Equatable {
    /// Whether the stream's `image-orientation` is honoured.
    public var followsStream: Bool
    /// Clockwise, on top of the stream's orientation: 0, 90, 180 or 270.
    public var degrees: Int

    public init(followsStream: Bool = true, degrees: Int = 0) {
        self.followsStream = followsStream
        self.degrees = Self.normalised(degrees)
    }

    /// The default: upright as the stream says, nothing more.
    public static let auto = PictureRotation()

    /// The quarter turns a picture may take.
    package static let allowedDegrees = [0, 90, 180, 270]

    /// Reads `--video-rotate`'s value: `auto`, `no`, or 0, 90, 180, 270. Nil for anything else.
    package init?(parsing text: String) {
        switch text {
        case "auto": self = .auto
        case "no": self.init(followsStream: false)
        default:
            guard let degrees = Int(text), Self.allowedDegrees.contains(degrees) else { return nil }
            self.init(degrees: degrees)
        }
    }

    /// This rotation with a region's own turn added.
    package func adding(degrees more: Int) -> PictureRotation {
        PictureRotation(followsStream: followsStream, degrees: degrees + more)
    }

    /// Clockwise quarter turns on top of the stream's orientation.
    package var quarterTurns: Int { degrees / 90 }

    /// The size a picture of `size`, tagged `orientation`, is shown at.
    package func shownSize(of size: Size, orientation: VideoOrientation?) -> Size {
        let stream = followsStream ? (orientation?.quarterTurns ?? 0) : 0
        return size.turned(by: stream + quarterTurns)
    }

    private static func normalised(_ degrees: Int) -> Int {
        let quarter = ((degrees % 360) + 360) % 360
        return quarter - quarter % 90
    }
}
