import Yams

/// `power:`: the windows when the wall's screens are on, each written with a playlist
/// schedule's keys; outside them the screens are off.
extension LayoutParser {
    static func power(_ fields: YAMLFields, reader: YAMLFieldReader) throws(LayoutError) -> PowerSchedule? {
        guard let node = fields.node("power") else { return nil }
        guard case .sequence(let sequence) = node, !sequence.isEmpty else {
            throw fields.fail("power", "'power' must be a list of times the screens are on ({days: mon-fri, from: \"07:00\", until: \"22:00\"}), "
                + "got \(reader.describe(node))")
        }
        let items = Array(sequence)
        guard items.count <= LayoutLimits.maximumPowerWindows else {
            throw reader.error(at: items[LayoutLimits.maximumPowerWindows],
                               "'power' lists \(items.count) windows but at most \(LayoutLimits.maximumPowerWindows) are allowed")
        }
        var windows: [Schedule] = []
        for (index, item) in items.enumerated() {
            let prefix = "power \(index + 1): "
            guard item.mapping != nil else {
                throw reader.error(at: item, "\(prefix)a window must be a mapping of \(scheduleKeys.joined(separator: ", ")), got \(reader.describe(item))")
            }
            let window = try schedule(try reader.fields(of: item, allowed: scheduleKeys, prefix: prefix))
            guard !window.isAlways else {
                throw reader.error(at: item, "\(prefix)a window with no days, times or dates is always on; leave 'power' out instead")
            }
            windows.append(window)
        }
        return PowerSchedule(onWindows: windows)
    }
}
