import VideoWallCore

/// The first line a control port sends each client, and the proofs of the handshake that
/// follows when the port has a key. The server's line carries a fresh challenge; the client
/// answers `authenticate ROLE NONCE PROOF`, its proof the HMAC-SHA-256 under the role's key of
/// both random values; the reply carries the server's own proof over the same values, so the
/// client knows it reached the wall that holds the key, not one that only answers as it.
/// The MAC itself is handed in (GLib's, in the IPC server): this stays pure.
public enum ControlGreeting {
    /// Random bytes in a challenge and in a client's nonce.
    public static let randomLength = 32

    /// `{"event":"control-port","version":1}`, and `"challenge":HEX` when the port has a key.
    public static func line(challenge: [UInt8]?) -> String {
        var fields: [String: JSONValue] = ["event": .string("control-port"), "version": .number(1)]
        if let challenge { fields["challenge"] = .string(hex(challenge)) }
        return JSONValue.object(fields).jsonText
    }

    /// What a client reads from the greeting: nil when the line is no greeting; `.some(nil)`
    /// when the port asks for no key.
    public static func challenge(inGreeting text: String) -> [UInt8]?? {
        guard text.utf8.count <= 512, let value = JSONValue(parsing: Substring(text)), case .object(let fields) = value,
              fields["event"] == .string("control-port") else { return nil }
        guard let challenge = fields["challenge"] else { return .some(nil) }
        guard let bytes = challenge.stringValue.flatMap(bytes(hex:)), bytes.count == randomLength else { return nil }
        return .some(bytes)
    }

    /// The `authenticate` request a client sends.
    public static func authenticate(role: ControlRole, nonce: [UInt8], proof: [UInt8]) -> [JSONValue] {
        [.string("authenticate"), .string(role.rawValue), .string(hex(nonce)), .string(hex(proof))]
    }

    /// The role, nonce and proof of an `authenticate` line; nil for any other line.
    public static func authentication(in text: String) -> (role: ControlRole, nonce: [UInt8], proof: [UInt8], requestID: JSONValue)? {
        guard text.utf8.count <= 1024, let value = JSONValue(parsing: Substring(text)), case .object(let fields) = value,
              case .array(let words)? = fields["command"], words.count == 4, words[0] == .string("authenticate"),
              let role = words[1].stringValue.flatMap(ControlRole.init(rawValue:)), role != .owner,
              let nonce = words[2].stringValue.flatMap(bytes(hex:)), nonce.count == randomLength,
              let proof = words[3].stringValue.flatMap(bytes(hex:)), proof.count == 32 else { return nil }
        return (role, nonce, proof, fields["request_id"] ?? .number(0))
    }

    /// What the client's proof is computed over.
    public static func clientMessage(role: ControlRole, challenge: [UInt8], nonce: [UInt8]) -> [UInt8] {
        Array("videowall-control-1 client \(role.rawValue) \(hex(challenge)) \(hex(nonce))".utf8)
    }

    /// What the server's proof is computed over (another text: a client's proof is no server's).
    public static func serverMessage(role: ControlRole, challenge: [UInt8], nonce: [UInt8]) -> [UInt8] {
        Array("videowall-control-1 server \(role.rawValue) \(hex(challenge)) \(hex(nonce))".utf8)
    }

    public static func hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes { text.append(digits[Int(byte >> 4)]); text.append(digits[Int(byte & 15)]) }
        return String(decoding: text, as: UTF8.self)
    }

    /// Lower- or upper-case hexadecimal digits, two a byte, at most 1 KiB of them; nil otherwise.
    public static func bytes(hex text: String) -> [UInt8]? {
        let digits = Array(text.utf8)
        guard digits.count.isMultiple(of: 2), digits.count <= 1024 else { return nil }
        var bytes = [UInt8]()
        bytes.reserveCapacity(digits.count / 2)
        var index = 0
        while index < digits.count {
            guard let high = value(ofDigit: digits[index]), let low = value(ofDigit: digits[index + 1]) else { return nil }
            bytes.append(high << 4 | low)
            index += 2
        }
        return bytes
    }

    private static func value(ofDigit digit: UInt8) -> UInt8? {
        switch digit {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
