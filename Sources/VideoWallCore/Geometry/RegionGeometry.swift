/// Turns a layout's fractional regions into whole-pixel rectangles for a given window size.
public enum RegionGeometry {
    /// Every edge is snapped independently as round(fraction x window), so two regions that share
    /// a fractional edge share the same pixel edge: no overlap, no 1-pixel hole, whatever the size.
    ///
    /// The gap is then taken out of interior edges only: an edge on the window border stays on the
    /// border (a wall should run edge to edge; the background shows only between tiles). A left or
    /// top interior edge moves in by floor(gap/2) and a right or bottom one by ceil(gap/2), so two
    /// neighbours end up exactly `gap` pixels apart even for odd gaps. Rectangles never go negative.
    public static func pixelRects(for regions: [LayoutRegion], in window: Size, gap: Int) -> [PixelRect] {
        let windowWidth = Int(window.width.rounded())
        let windowHeight = Int(window.height.rounded())
        let gap = max(gap, 0)
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

    private static func snap(_ fraction: Double, _ extent: Int) -> Int {
        let value = (fraction * Double(extent)).rounded()
        return min(max(Int(value), 0), extent)
    }
}
