import VideoWallCore
/// The errors a remote-control reply can carry: mpv's own strings (`mpv_error_string`), so
/// scripts written for mpv read them unchanged.
public enum IPCError: String, Error, Sendable, Equatable {
    case invalidParameter = "invalid parameter"
    case propertyNotFound = "property not found"
    case propertyFormat = "unsupported format for accessing property"
    case propertyUnavailable = "property unavailable"
    case propertyError = "error accessing property"
    case commandFailed = "error running command"
    case loadingFailed = "loading failed"
}
