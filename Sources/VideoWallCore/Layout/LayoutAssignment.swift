/// Which source each region plays, once the command line's sources are matched to a layout.
package struct LayoutAssignment: Sendable, Equatable {
    package struct Entry: Sendable, Equatable {
        /// 0-based index into `Layout.regions`.
        package var region: Int
        /// `.index` stays 1-based, as in layout files and messages.
        package var source: LayoutSource

        package init(region: Int, source: LayoutSource) {
            self.region = region
            self.source = source
        }
    }

    /// In region order; regions without a source are absent and stay empty on the wall.
    package var entries: [Entry]

    package init(entries: [Entry]) {
        self.entries = entries
    }

    package func source(forRegion region: Int) -> LayoutSource? {
        entries.first { $0.region == region }?.source
    }

    /// Regions that name a source index keep it; the others take the lowest index nobody has
    /// claimed yet, in region order. Every command-line source must end up on screen: an extra
    /// source is an error rather than silently not shown.
    package static func assign(layout: Layout, sourceCount: Int) throws(LayoutError) -> LayoutAssignment {
        func failure(_ message: String) -> LayoutError {
            LayoutError(file: layout.name, line: nil, message: message)
        }
        let regionCount = layout.regions.count
        if sourceCount > regionCount {
            throw failure("\(sourceCount) sources but layout \(TerminalText.quoted(layout.name)) has \(regionCount) "
                + (regionCount == 1 ? "region" : "regions"))
        }
        var claimed = Set<Int>()
        for (number, region) in zip(1..., layout.regions) {
            guard case .index(let index)? = region.source else { continue }
            guard index <= sourceCount else {
                throw failure("region \(number): source \(index) was asked for but only \(sourceCount) "
                    + (sourceCount == 1 ? "source was" : "sources were") + " given")
            }
            claimed.insert(index)
        }
        var entries: [Entry] = []
        var nextCandidate = 1
        for (regionIndex, region) in layout.regions.enumerated() {
            // A playlist region plays its own items (the first stands for them here).
            if let source = region.source ?? region.playlist?.items.first.map({ .location($0.location) }) {
                entries.append(Entry(region: regionIndex, source: source))
                continue
            }
            while claimed.contains(nextCandidate) { nextCandidate += 1 }
            guard nextCandidate <= sourceCount else { continue }
            claimed.insert(nextCandidate)
            entries.append(Entry(region: regionIndex, source: .index(nextCandidate)))
        }
        if let unshown = (1...max(sourceCount, 1)).first(where: { !claimed.contains($0) }), sourceCount > 0 {
            throw failure("source \(unshown) is not shown: every region of layout \(TerminalText.quoted(layout.name)) "
                + "already has a source")
        }
        return LayoutAssignment(entries: entries)
    }
}
