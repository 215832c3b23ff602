/// What the wall as a whole is doing: what the transport bar and the play/pause key see.
public enum TransportState: String, Sendable {
    case loading, paused, playing, seeking, buffering, ended
}
