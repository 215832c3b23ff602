/// Which of this machine's monitors show which screens of a layout's canvas, when one process
/// drives several monitors: `--screens left=0,right=1`, or each screen's `monitor:` in the
/// layout. Each pair becomes one fullscreen window on that monitor showing that screen's part
/// of the canvas, all fed by the same tiles.
package struct MonitorAssignment: Equatable, Sendable {
    package struct Pair: Equatable, Sendable {
        package var screen: String
        package var monitor: Int
    }

    package var pairs: [Pair]

    /// Why an assignment was refused, in a sentence that names the source (`--screens` or the layout).
    package struct Problem: Error, Equatable, CustomStringConvertible {
        package var description: String
        package init(description: String) { self.description = description }
    }

    /// At most this many windows from one process (as many as a wall has tiles).
    package static let maximumPairs = 16

    /// Reads `NAME=MONITOR[,NAME=MONITOR...]`. Names are what a layout allows (1 to 64 letters,
    /// digits, '-' or '_'); monitors are whole numbers within `LayoutLimits.monitors`; no name
    /// and no monitor twice.
    package static func parse(_ text: String) throws(Problem) -> MonitorAssignment {
        let items = text.split(separator: ",", omittingEmptySubsequences: false)
        guard !text.isEmpty, items.count <= maximumPairs else {
            throw Problem(description: "--screens takes 1 to \(maximumPairs) NAME=MONITOR pairs separated by commas (left=0,right=1), got \(TerminalText.quoted(text))")
        }
        var pairs: [Pair] = []
        for item in items {
            let parts = item.split(separator: "=", omittingEmptySubsequences: false)
            guard parts.count == 2, isScreenName(parts[0]), let monitor = Int(parts[1]), LayoutLimits.monitors.contains(monitor) else {
                throw Problem(description: "--screens: \(TerminalText.quoted(String(item))) is not NAME=MONITOR "
                    + "(a screen of the layout, then a monitor from \(LayoutLimits.monitors.lowerBound) to \(LayoutLimits.monitors.upperBound))")
            }
            pairs.append(Pair(screen: String(parts[0]), monitor: monitor))
        }
        let assignment = MonitorAssignment(pairs: pairs)
        try assignment.checkUnique(source: "--screens")
        return assignment
    }

    /// The pairs to open for `canvas`: those of `option` when given (each must name one of the
    /// canvas's screens), else every screen the layout gives a `monitor:`. Nil when neither
    /// says anything: one window, as without a canvas.
    package static func resolve(_ option: MonitorAssignment?, canvas: LayoutCanvas?, layoutName: String) throws(Problem) -> [(screen: CanvasScreen, monitor: Int)]? {
        guard let canvas else {
            if option != nil { throw Problem(description: "--screens needs a layout with a canvas and screens (see layouts/wall-2x1-monitors.yaml)") }
            return nil
        }
        if let option {
            return try option.pairs.map { pair throws(Problem) in
                guard let screen = canvas.screen(named: pair.screen) else {
                    throw Problem(description: "--screens: \(layoutName) has no screen named \(TerminalText.quoted(pair.screen)); it has "
                        + canvas.screens.map { TerminalText.quoted($0.name) }.joined(separator: ", "))
                }
                return (screen, pair.monitor)
            }
        }
        let fromLayout = canvas.screens.compactMap { screen in screen.monitor.map { (screen: screen, monitor: $0) } }
        guard !fromLayout.isEmpty else { return nil }
        try MonitorAssignment(pairs: fromLayout.map { Pair(screen: $0.screen.name, monitor: $0.monitor) }).checkUnique(source: layoutName)
        return fromLayout
    }

    private func checkUnique(source: String) throws(Problem) {
        for (index, pair) in pairs.enumerated() {
            if pairs[..<index].contains(where: { $0.screen == pair.screen }) {
                throw Problem(description: "\(source): screen \(TerminalText.quoted(pair.screen)) is given two monitors")
            }
            if pairs[..<index].contains(where: { $0.monitor == pair.monitor }) {
                throw Problem(description: "\(source): monitor \(pair.monitor) is given to two screens")
            }
        }
    }

    private static func isScreenName(_ name: Substring) -> Bool {
        !name.isEmpty && name.count <= 64 && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }
    }
}
