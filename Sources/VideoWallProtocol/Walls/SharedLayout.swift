import VideoWallCore
/// What a leader tells its followers of the layout it plays (`wall-layout`, walls across
/// machines): the text of its layout file, which each follower parses as its own, and the
/// region each tile plays in, in tile order. So every machine places the same tiles on the
/// same canvas and takes the same region options (loop, mute, playlists), and a screen shows
/// its part of it.
public struct SharedLayout: Sendable, Equatable {
    public var text: String
    /// Each tile's region (numbered from 0 in the layout's order).
    public var regions: [Int]

    public init(text: String, regions: [Int]) {
        self.text = text
        self.regions = regions
    }

    public var json: JSONValue {
        .object(["text": .string(text), "regions": .array(regions.map { .number(Double($0)) })])
    }

    /// A layout as a leader sends it; nil when anything is missing, too long or out of range
    /// (the text at most a layout file's size, one to 16 whole region numbers).
    public init?(json: JSONValue) {
        guard case .object(let fields) = json, case .string(let text)? = fields["text"],
              text.utf8.count <= LayoutLimits.maximumFileSize,
              case .array(let numbers)? = fields["regions"], (1...LayoutParser.maximumRegionCount).contains(numbers.count) else { return nil }
        var regions: [Int] = []
        for number in numbers {
            guard let value = number.doubleValue, value == value.rounded(), (0..<Double(LayoutParser.maximumRegionCount)).contains(value) else { return nil }
            regions.append(Int(value))
        }
        self.init(text: text, regions: regions)
    }

    /// The layout the text describes, checked as a file is; its errors are named after
    /// `sourceName`. A tile's region that the layout does not have is an error too.
    package func layout(sourceName: String) throws(LayoutError) -> Layout {
        let layout = try LayoutParser.parse(yaml: text, sourceName: sourceName)
        if let beyond = regions.first(where: { $0 >= layout.regions.count }) {
            throw LayoutError(file: sourceName, line: nil, message: "a tile is placed in region \(beyond + 1), but the layout has \(layout.regions.count)")
        }
        return layout
    }
}
