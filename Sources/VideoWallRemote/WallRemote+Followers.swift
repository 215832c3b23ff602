import VideoWallCore
import VideoWallProtocol

/// A leader's followers, as they report over their connections to its control port
/// (`wall-report`, once a second each): `wall-followers`, the leader's messages and report.
extension WallRemote {
    /// One follower as the leader knows it: its connection's name and its last report.
    public struct Follower: Sendable, Equatable {
        public var client: String
        public var report: FollowerReport
    }

    /// The followers connected now, in the order they connected.
    public var followerReports: [Follower] {
        followers.sorted { $0.key < $1.key }.map { Follower(client: Self.clientName($0.key), report: $0.value) }
    }

    func receive(_ report: FollowerReport, from client: Int) {
        let changes = FollowerReport.changes(from: followers[client], to: report)
        followers[client] = report
        for change in changes { onFollowerChange?(report.name(client: Self.clientName(client)), change) }
    }

    /// A follower in `wall-followers`: its report's fields and `client`.
    static func json(_ follower: Follower) -> JSONValue {
        guard case .object(var fields) = follower.report.json else { return .null }
        fields["client"] = .string(follower.client)
        return .object(fields)
    }
}
