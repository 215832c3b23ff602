import VideoWallProtocol

/// A playlist as the API sends and takes it: `{"tile": N, "items": [{"source": ..., "in": ...}]}`,
/// each item's fields as the layout writes them. A field may come as text, a number or true/false
/// (each is written as its text), or null (left out).
enum PlaylistJSON {
    static let noLayout = "the wall was started without a layout file (--layout FILE): there is nowhere to save a playlist"
    /// More fields than an item has: the body is not a playlist.
    static let mostFields = 32

    struct Refusal: Error {
        var reason: String
    }

    static func document(tile: Int, items: [PlaylistEditor.Item]) -> JSONValue {
        .object(["tile": .number(Double(tile)), "editable": .bool(true),
                 "items": .array(items.map { item in .object(item.mapValues(JSONValue.string)) })])
    }

    static func notEditable(tile: Int, _ reason: String) -> JSONValue {
        .object(["tile": .number(Double(tile)), "editable": .bool(false), "reason": .string(reason)])
    }

    static func items(from body: JSONValue) -> Result<[PlaylistEditor.Item], Refusal> {
        guard case .object(let fields) = body, case .array(let list)? = fields["items"] else {
            return .failure(Refusal(reason: #"the body must be {"items": [{"source": ...}, ...]}"#))
        }
        var items: [PlaylistEditor.Item] = []
        for (index, entry) in list.enumerated() {
            guard case .object(let entryFields) = entry, entryFields.count <= mostFields else {
                return .failure(Refusal(reason: "item \(index + 1) must be an object of at most \(mostFields) fields"))
            }
            var item: PlaylistEditor.Item = [:]
            for (key, value) in entryFields {
                switch value {
                case .string(let text): item[key] = text
                case .number(let number) where number.isFinite:
                    item[key] = number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
                case .bool(let flag): item[key] = flag ? "true" : "false"
                case .null: continue
                default: return .failure(Refusal(reason: "item \(index + 1): '\(key.prefix(40))' must be text, a number, true or false"))
                }
            }
            items.append(item)
        }
        return .success(items)
    }
}
