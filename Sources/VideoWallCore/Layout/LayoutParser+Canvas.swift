import Yams

/// A layout's `canvas:` and `screens:` (walls across machines): the canvas's size in
/// millimetres and each screen's place on it, its bezels and its pixels. A layout with screens
/// places its regions on the canvas (their fractions are of the canvas), not on one window.
extension LayoutParser {
    static let canvasKeys = ["width", "height"]
    static let screenKeys = ["name", "x", "y", "width", "height", "bezel", "bezels", "pixels", "monitor", "rotate"]
    static let bezelKeys = ["left", "top", "right", "bottom"]
    /// Screens a wall may have (a 8x8 wall is already a stadium).
    public static let maximumScreenCount = 64
    /// The largest canvas side, in millimetres (100 m of screens).
    static let canvasSide = 1.0...100_000.0
    static let screenPixels = 16...16384

    static func canvas(_ fields: YAMLFields, reader: YAMLFieldReader) throws(LayoutError) -> LayoutCanvas? {
        let canvasNode = fields.node("canvas"), screensNode = fields.node("screens")
        guard canvasNode != nil || screensNode != nil else { return nil }
        guard let canvasNode else { throw fields.fail("screens", "'screens' needs a 'canvas' (its width and height in millimetres)") }
        guard let screensNode else { throw fields.fail("canvas", "'canvas' needs 'screens' (each screen's place on it)") }

        let sides = try reader.fields(of: canvasNode, allowed: canvasKeys, prefix: "canvas: ")
        let width = try millimetres(sides, "width", in: canvasSide, required: true)
        let height = try millimetres(sides, "height", in: canvasSide, required: true)
        let size = Size(width: width, height: height)

        guard case .sequence(let sequence) = screensNode else {
            throw fields.fail("screens", "'screens' must be a list of screens, got \(reader.describe(screensNode))")
        }
        let items = Array(sequence)
        guard !items.isEmpty else { throw fields.fail("screens", "'screens' must list at least one screen") }
        guard items.count <= maximumScreenCount else {
            throw reader.error(at: items[maximumScreenCount], "'screens' lists \(items.count) screens but at most \(maximumScreenCount) are allowed")
        }
        var screens: [CanvasScreen] = []
        for (index, item) in items.enumerated() {
            let screen = try self.screen(item, number: index + 1, canvas: size, reader: reader)
            if screens.contains(where: { $0.name == screen.name }) {
                throw reader.error(at: item, "screen \(index + 1): another screen is named \(TerminalText.quoted(screen.name))")
            }
            screens.append(screen)
        }
        return LayoutCanvas(size: size, screens: screens)
    }

    private static func screen(_ node: Node, number: Int, canvas: Size, reader: YAMLFieldReader) throws(LayoutError) -> CanvasScreen {
        let prefix = "screen \(number): "
        let fields = try reader.fields(of: node, allowed: screenKeys, prefix: prefix)
        let name = try fields.text("name") ?? ""
        guard !name.isEmpty, name.count <= 64, name.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }) else {
            throw fields.fail("name", "'name' must be 1 to 64 letters, digits, '-' or '_' (what `videowall follow --screen` names)")
        }
        let x = try millimetres(fields, "x", in: 0...canvasSide.upperBound, required: true)
        let y = try millimetres(fields, "y", in: 0...canvasSide.upperBound, required: true)
        let width = try millimetres(fields, "width", in: canvasSide, required: true)
        let height = try millimetres(fields, "height", in: canvasSide, required: true)
        let frame = Rect(x: x, y: y, width: width, height: height)
        guard frame.maxX <= canvas.width + tolerance, frame.maxY <= canvas.height + tolerance else {
            throw fields.fail("width", "the screen reaches \(formatNumber(frame.maxX)) x \(formatNumber(frame.maxY)) mm, "
                + "outside the canvas (\(formatNumber(canvas.width)) x \(formatNumber(canvas.height)) mm)")
        }

        var bezels = CanvasScreen.Bezels()
        if fields.node("bezel") != nil, fields.node("bezels") != nil {
            throw fields.fail("bezels", "give 'bezel' (all four sides) or 'bezels' (each side), not both")
        }
        if fields.node("bezel") != nil {
            bezels = CanvasScreen.Bezels(all: try millimetres(fields, "bezel", in: 0...1000, required: true))
        } else if let node = fields.node("bezels") {
            let sides = try reader.fields(of: node, allowed: bezelKeys, prefix: prefix + "bezels: ")
            bezels = CanvasScreen.Bezels(left: try millimetres(sides, "left", in: 0...1000), top: try millimetres(sides, "top", in: 0...1000),
                                         right: try millimetres(sides, "right", in: 0...1000), bottom: try millimetres(sides, "bottom", in: 0...1000))
        }
        guard bezels.left + bezels.right < width, bezels.top + bezels.bottom < height else {
            throw fields.fail(fields.node("bezel") != nil ? "bezel" : "bezels", "the bezels leave no picture on the screen")
        }

        let pixelsNode = try fields.required("pixels")
        let text = pixelsNode.scalar?.string ?? ""
        let parts = text.split(separator: "x", omittingEmptySubsequences: false).map { Int($0) }
        guard parts.count == 2, let pixelWidth = parts[0], let pixelHeight = parts[1],
              screenPixels.contains(pixelWidth), screenPixels.contains(pixelHeight) else {
            throw fields.fail("pixels", "'pixels' must be WIDTHxHEIGHT, each \(screenPixels.lowerBound) to \(screenPixels.upperBound) "
                + "(1920x1080), got \(reader.describe(pixelsNode))")
        }
        var screen = CanvasScreen(name: name, frame: frame, bezels: bezels, pixelWidth: pixelWidth, pixelHeight: pixelHeight)
        if let monitor = try fields.number("monitor") {
            guard monitor.rounded() == monitor, LayoutLimits.monitors.contains(Int(monitor)) else {
                throw fields.fail("monitor", "'monitor' must be a whole number from \(LayoutLimits.monitors.lowerBound) to \(LayoutLimits.monitors.upperBound) "
                    + "(this machine's monitors, numbered from 0), got \(formatNumber(monitor))")
            }
            screen.monitor = Int(monitor)
        }
        if let rotation = try fields.number("rotate") {
            guard [0.0, 90, 180, 270].contains(rotation) else {
                throw fields.fail("rotate", "'rotate' must be 0, 90, 180 or 270 (degrees clockwise), got \(formatNumber(rotation))")
            }
            screen.rotation = Int(rotation)
        }
        return screen
    }

    /// A length in millimetres within `range` (0 when absent and not `required`).
    private static func millimetres(_ fields: YAMLFields, _ key: String, in range: ClosedRange<Double>, required: Bool = false) throws(LayoutError) -> Double {
        if required { _ = try fields.required(key) }
        guard let value = try fields.number(key) else { return 0 }
        guard range.contains(value) else {
            throw fields.fail(key, "'\(key)' must be from \(formatNumber(range.lowerBound)) to \(formatNumber(range.upperBound)) millimetres, "
                + "got \(formatNumber(value))")
        }
        return value
    }
}

/// The canvas of a wall that spans several screens: its size in millimetres and its screens.
public struct LayoutCanvas: Sendable, Equatable {
    public var size: Size
    public var screens: [CanvasScreen]

    public init(size: Size, screens: [CanvasScreen]) {
        self.size = size
        self.screens = screens
    }

    public func screen(named name: String) -> CanvasScreen? {
        screens.first { $0.name == name }
    }

    /// A region (fractions of the canvas) in millimetres on it.
    public func place(_ region: LayoutRegion) -> Rect {
        Rect(x: region.frame.x * size.width, y: region.frame.y * size.height,
             width: region.frame.width * size.width, height: region.frame.height * size.height)
    }
}
