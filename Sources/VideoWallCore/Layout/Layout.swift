/// A wall arrangement: where each tile goes, in fractions of the window, plus per-tile options.
public struct Layout: Sendable, Equatable {
    public var name: String
    public var background: RGBColor
    /// Pixels between neighbouring tiles (see `RegionGeometry` for how it is shared out).
    public var gap: Int
    /// In file order; region numbers in messages are 1-based positions in this array.
    public var regions: [LayoutRegion]
    /// `sync: items`: every region's playlist changes item together, each change waiting for
    /// the longest item of the row (the shorter ones hold their last frame).
    public var syncItems: Bool
    /// A wall across several screens (`canvas:` and `screens:`): the regions are then placed on
    /// the canvas, each screen showing the part under it. Nil: the regions fill one window.
    public var canvas: LayoutCanvas?
    /// Clocks, texts and images drawn over the video (`overlays:`).
    package var overlays: [LayoutOverlay] = []
    /// When the screens are on (`power:`); nil: always.
    package var power: PowerSchedule?

    public init(name: String, background: RGBColor = .black, gap: Int = 0, regions: [LayoutRegion], syncItems: Bool = false) {
        self.name = name
        self.syncItems = syncItems
        self.background = background
        self.gap = gap
        self.regions = regions
    }

    /// Region indices in the order to paint them: by `z`, ties kept in file order so the result is stable.
    package var paintOrder: [Int] {
        regions.indices.sorted { (regions[$0].z, $0) < (regions[$1].z, $1) }
    }
}
