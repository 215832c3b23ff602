/// How a stream says its picture is to be turned to stand upright: GStreamer's
/// `image-orientation` tag, which qtdemux makes from an MP4/MOV track matrix (a phone held
/// upright records landscape frames tagged `rotate-90`), matroskademux from a track's
/// projection, and the JPEG decoder from EXIF. mpv's autorotate shows such a file upright;
/// so does the wall (`videoflip video-direction=auto` reads the same tag).
package enum VideoOrientation: String, Sendable, Equatable, CaseIterable {
    case rotate0 = "rotate-0"
    case rotate90 = "rotate-90"
    case rotate180 = "rotate-180"
    case rotate270 = "rotate-270"
    case flipRotate0 = "flip-rotate-0"
    case flipRotate90 = "flip-rotate-90"
    case flipRotate180 = "flip-rotate-180"
    case flipRotate270 = "flip-rotate-270"

    /// The tag's value; nil for a missing or unknown one (taken as upright).
    package init?(tag: String?) {
        guard let tag, let orientation = Self(rawValue: tag) else { return nil }
        self = orientation
    }

    /// Clockwise quarter turns, without the mirror.
    package var quarterTurns: Int {
        switch self {
        case .rotate0, .flipRotate0: 0
        case .rotate90, .flipRotate90: 1
        case .rotate180, .flipRotate180: 2
        case .rotate270, .flipRotate270: 3
        }
    }

    /// Whether it turns the picture on its side: width and height trade places.
    package var swapsAxes: Bool { quarterTurns % 2 == 1 }
}

extension Size {
    /// The size once turned by `quarterTurns` clockwise quarter turns.
    package func turned(by quarterTurns: Int) -> Size {
        quarterTurns % 2 == 0 ? self : Size(width: height, height: width)
    }
}
