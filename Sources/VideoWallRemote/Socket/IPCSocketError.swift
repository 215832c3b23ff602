/// Why the remote-control socket could not be opened, as one line naming the path.
public struct IPCSocketError: Error, CustomStringConvertible, Sendable {
    public var description: String
}
