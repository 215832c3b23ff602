/// The grid a wall without `--layout` shows its sources in: one that shows them all, up to 16
/// (issue 25; before, five or more sources got the 2x2 grid and the rest decoded unseen).
/// The number of sources picks the size: 1, 2, 2x2 for 3-4, 3x2 for 5-6, 3x3 for 7-9, 4x3 for
/// 10-12, 4x4 for 13-16, always the same grids so an operator knows what to expect; each grid
/// may be turned (2 stacked, 2x3, 3x4) where that shows more picture: of the candidates, the
/// one whose cells, with each source aspect-fitted into its own, show the largest total area
/// for the canvas's shape. A tie keeps the wider grid (the table's).
package enum AutoGrid {
    package struct Shape: Equatable, Sendable, CustomStringConvertible {
        package var columns: Int
        package var rows: Int
        package init(columns: Int, rows: Int) {
            self.columns = columns
            self.rows = rows
        }
        package var description: String { "\(columns)x\(rows)" }
    }

    /// The most sources a grid holds (`LayoutParser.maximumRegionCount`).
    package static let largest = 16

    /// A source whose shape is not known yet is taken for 16:9, the usual video.
    package static let assumedAspect = 16.0 / 9.0

    /// The grids that may show `count` sources, the table's first, then turned.
    package static func candidates(forCount count: Int) -> [Shape] {
        let table: Shape = switch count {
        case ...1: Shape(columns: 1, rows: 1)
        case 2: Shape(columns: 2, rows: 1)
        case 3...4: Shape(columns: 2, rows: 2)
        case 5...6: Shape(columns: 3, rows: 2)
        case 7...9: Shape(columns: 3, rows: 3)
        case 10...12: Shape(columns: 4, rows: 3)
        default: Shape(columns: 4, rows: 4)
        }
        let turned = Shape(columns: table.rows, rows: table.columns)
        return turned == table ? [table] : [table, turned]
    }

    /// The grid for sources of the display aspect ratios `aspects` (width over height; nil or
    /// not a positive number: not known, taken for 16:9) on a canvas of `canvasAspect`.
    package static func choose(aspects: [Double?], canvasAspect: Double) -> Shape {
        let count = min(max(aspects.count, 1), largest)
        let candidates = candidates(forCount: count)
        let canvas = canvasAspect.isFinite && canvasAspect > 0 ? canvasAspect : assumedAspect
        var best = candidates[0], bestArea = shownArea(best, aspects: Array(aspects.prefix(count)), canvasAspect: canvas)
        for shape in candidates.dropFirst() {
            let area = shownArea(shape, aspects: Array(aspects.prefix(count)), canvasAspect: canvas)
            // A clear gain only: rounding must not turn a grid that shows the same.
            if area > bestArea * 1.0001 { (best, bestArea) = (shape, area) }
        }
        return best
    }

    /// The picture area the sources show in `shape`, on a canvas of height 1 and width
    /// `canvasAspect` (the gaps between cells are left out: a few pixels, alike for both).
    package static func shownArea(_ shape: Shape, aspects: [Double?], canvasAspect: Double) -> Double {
        let cellWidth = canvasAspect / Double(shape.columns), cellHeight = 1 / Double(shape.rows)
        return aspects.reduce(0) { total, given in
            let aspect = given.flatMap { $0.isFinite && $0 > 0 ? $0 : nil } ?? assumedAspect
            // Aspect-fitted: as wide as the cell, unless that makes it taller than the cell.
            let width = min(cellWidth, cellHeight * aspect)
            return total + width * (width / aspect)
        }
    }

    /// The layout of `shape` for `count` sources, filled row by row (the last row may have
    /// empty cells), with the 2x2 grid's gap and background. The shipped grids keep their
    /// names: 1x1 `single`, 2x1 `side-by-side`, 1x2 `stacked`, 2x2 `grid-2x2`; a layout file
    /// of that name in a layout folder is used instead (`shippedName`).
    package static func layout(_ shape: Shape, count: Int) -> Layout {
        let cells = min(max(count, 1), shape.columns * shape.rows)
        let width = 1 / Double(shape.columns), height = 1 / Double(shape.rows)
        let regions = (0..<cells).map { cell in
            LayoutRegion(frame: Rect(x: Double(cell % shape.columns) * width, y: Double(cell / shape.columns) * height,
                                     width: width, height: height))
        }
        var layout = Layout(name: shippedName(shape) ?? "grid-\(shape)", background: RGBColor(red: 0x10, green: 0x10, blue: 0x10),
                            gap: 4, regions: regions)
        if shape.columns * shape.rows == 1 { layout.background = .black; layout.gap = 0 }
        return layout
    }

    /// The name of the layout shipped for `shape`, if there is one.
    package static func shippedName(_ shape: Shape) -> String? {
        switch (shape.columns, shape.rows) {
        case (1, 1): "single"
        case (2, 1): "side-by-side"
        case (1, 2): "stacked"
        case (2, 2): "grid-2x2"
        default: nil
        }
    }
}
