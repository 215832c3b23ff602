/// The layouts a wall without `--layout` uses (by its number of sources), compiled in: a
/// binary copied away from its checkout, or installed without its share folder, still plays.
/// A file of the same name in a layout folder wins; `layouts/` ships the same three, which a
/// unit test keeps equal to these.
package enum BuiltInLayouts {
    package static let yaml: [String: String] = [
        "single": """
            name: single
            regions:
              - {x: 0, y: 0, width: 1, height: 1}
            """,
        "side-by-side": """
            name: side-by-side
            gap: 4
            regions:
              - {x: 0,   y: 0, width: 0.5, height: 1}
              - {x: 0.5, y: 0, width: 0.5, height: 1}
            """,
        "grid-2x2": """
            name: grid-2x2
            background: "#101010"
            gap: 4
            regions:
              - {x: 0,   y: 0,   width: 0.5, height: 0.5}
              - {x: 0.5, y: 0,   width: 0.5, height: 0.5}
              - {x: 0,   y: 0.5, width: 0.5, height: 0.5}
              - {x: 0.5, y: 0.5, width: 0.5, height: 0.5}
            """,
    ]

    /// The compiled-in layout of that name, nil for any other name.
    package static func layout(named name: String) -> Layout? {
        guard let text = yaml[name] else { return nil }
        return try? LayoutParser.parse(yaml: text, sourceName: "built-in \(name)")
    }
}
