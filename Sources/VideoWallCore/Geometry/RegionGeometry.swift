/// Turns a layout's fractional regions into whole-pixel rectangles for a given window size.
public enum RegionGeometry {
    /// Every edge is snapped independently as round(fraction x window), so two regions that share
    /// a fractional edge share the same pixel edge: no overlap, no 1-pixel hole, whatever the size.
    ///
    /// The gap is then taken out of interior edges only: an edge on the window border stays on the
    /// border (a wall should run edge to edge; the background shows only between tiles). A left or
    /// top interior edge moves in by floor(gap/2) and a right or bottom one by ceil(gap/2), so two
    /// neighbours end up exactly `gap` pixels apart even for odd gaps. Rectangles never go negative.
    ///
    /// Whatever the numbers (a gap of 2^32 from a layout made in code, a window size that is not
    /// finite), every coordinate stays within a window's reach: the window hands them to GTK as
    /// 32-bit integers. A gap wider than twice the window empties every interior rectangle just
    /// as a larger one would, so clamping it there changes no result.
    public static func pixelRects(for regions: [LayoutRegion], in window: Size, gap: Int) -> [PixelRect] {
        let windowWidth = extent(window.width)
        let windowHeight = extent(window.height)
        let gap = min(max(gap, 0), 2 * (windowWidth + windowHeight) + 2)
        let nearHalf = gap / 2
        let farHalf = gap - nearHalf
        return regions.map { region in
            let frame = region.frame
            var left = snap(frame.x, windowWidth)
            var right = snap(frame.maxX, windowWidth)
            var top = snap(frame.y, windowHeight)
            var bottom = snap(frame.maxY, windowHeight)
            if left > 0 { left += nearHalf }
            if right < windowWidth { right -= farHalf }
            if top > 0 { top += nearHalf }
            if bottom < windowHeight { bottom -= farHalf }
            return PixelRect(x: left, y: top, width: max(right - left, 0), height: max(bottom - top, 0))
        }
    }

    /// Whole pixels on the grid, 0...extent; a fraction that is not finite counts as 0.
    private static func snap(_ fraction: Double, _ extent: Int) -> Int {
        let value = (fraction * Double(extent)).rounded()
        guard value.isFinite else { return 0 }
        return Int(min(max(value, 0), Double(extent)))
    }

    /// A window dimension in whole pixels, within what GTK can hold (0 if not finite).
    private static func extent(_ length: Double) -> Int {
        guard length.isFinite else { return 0 }
        return Int(min(max(length.rounded(), 0), Double(Int32.max / 4)))
    }
}
