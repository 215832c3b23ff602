import VideoWallProtocol

/// The protocol's JSON value, which FlyingFox has a type of the same name beside: in this
/// module the name means the wire protocol's.
typealias JSONValue = VideoWallProtocol.JSONValue
