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
    // A control port's own (mpv has no such connections): a command the connection's role
    // does not allow, and a connection that has not proved the wall key.
    case notAllowed = "not allowed on this connection"
    case authenticationRequired = "authentication required"
    case authenticationFailed = "authentication failed"
}
