import VideoWallCore
/// The lines the wall sends a remote client, in mpv's shapes.
public enum IPCMessage {
    /// `{"data": ..., "error": "success", "request_id": N}` (`data` left out when there is none).
    public static func success(_ data: JSONValue?, requestID: JSONValue) -> String {
        var reply: [String: JSONValue] = ["error": .string("success"), "request_id": requestID]
        if let data { reply["data"] = data }
        return JSONValue.object(reply).jsonText
    }

    /// `{"error": "invalid parameter", "request_id": N}`.
    public static func failure(_ error: IPCError, requestID: JSONValue) -> String {
        JSONValue.object(["error": .string(error.rawValue), "request_id": requestID]).jsonText
    }

    /// `{"event": NAME, ...fields}`.
    public static func event(_ name: String, _ fields: [String: JSONValue] = [:]) -> String {
        var message = fields
        message["event"] = .string(name)
        return JSONValue.object(message).jsonText
    }

    /// `{"event": "property-change", "id": ID, "name": NAME, "data": VALUE}`.
    public static func propertyChange(_ change: PropertyObservations.Change) -> String {
        var fields: [String: JSONValue] = ["id": .number(Double(change.id)), "name": .string(change.name)]
        if let value = change.value { fields["data"] = value }
        return event("property-change", fields)
    }
}
