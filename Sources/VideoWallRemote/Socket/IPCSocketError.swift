/// Why the remote-control socket could not be opened or reached, as one line naming it.
public struct IPCSocketError: Error, CustomStringConvertible, Sendable {
    public var description: String

    public init(description: String) { self.description = description }
}
