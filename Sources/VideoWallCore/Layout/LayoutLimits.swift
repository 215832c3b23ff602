/// The bounds a layout file is held to. A layout is a few hundred bytes of a dozen numbers; a
/// value far outside these bounds is a typo or an attack, and is refused with the file and line
/// rather than passed on to window arithmetic (GTK takes 32-bit sizes) or to the YAML composer.
package enum LayoutLimits {
    /// Bytes in a layout file. The shipped ones are under 1 KB; anything over 1 MB is not a layout.
    package static let maximumFileSize = 1 << 20
    /// Collections inside collections. A layout needs three (the file, the region list, a
    /// region); the YAML composer recurses once per level and overflows the stack at a few
    /// thousand, so the limit sits far below that and far above any real layout.
    package static let maximumNesting = 32
    /// Scalars, lists and mappings in a layout: 16 full regions take under 400.
    package static let maximumValues = 10_000
    /// Pixels between neighbouring tiles.
    package static let gap = 0...1000
    /// Paint order of a region.
    package static let z = -1000...1000
    /// Characters in a region's `label:`. A label is a tile's name over a corner of the picture
    /// (32 characters show in full); rendering a label of megabytes took seconds and hundreds of
    /// megabytes at start-up, for text nobody could read.
    package static let maximumLabelLength = 200
    /// A region's `source:` number: one per region at most.
    package static let sourceIndex = 1...LayoutParser.maximumRegionCount
    /// Overlays in a layout (`overlays:`).
    package static let maximumOverlays = 16
    /// Windows in a layout's `power:`.
    package static let maximumPowerWindows = 64
    /// A screen's `monitor:` (as `--monitor` takes it).
    package static let monitors = 0...63
    /// Characters in a clock overlay's date pattern.
    package static let maximumClockFormatLength = 64
    /// Characters a ticker shows (its own words, or what is read of its file).
    package static let maximumTickerLength = 2000
}
