import Foundation

/// Each tile's last thumbnail, made at most once a second per tile and width: a page polling
/// every tile, or many pages, cost the wall one encode per tile a second at most.
actor ThumbnailCache {
    private struct Entry {
        var jpeg: [UInt8]
        var made: ContinuousClock.Instant
    }
    private var entries: [String: Entry] = [:]
    static let freshFor: Duration = .seconds(1)

    func jpeg(tile: Int, width: Int, make: @Sendable () async -> [UInt8]?) async -> [UInt8]? {
        let key = "\(tile)/\(width)"
        let now = ContinuousClock.now
        if let entry = entries[key], now - entry.made < Self.freshFor { return entry.jpeg }
        guard let jpeg = await make() else { return entries[key]?.jpeg }
        if entries.count > 256 { entries.removeAll() }
        entries[key] = Entry(jpeg: jpeg, made: now)
        return jpeg
    }
}
