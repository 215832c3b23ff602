import VideoWallCore
/// One line a client sent, read as mpv's JSON IPC reads it: a JSON object
/// `{"command": [NAME, ARGS...], "request_id": N}`, or a plain text command (`cycle pause`),
/// which runs without a reply.
public struct IPCRequest: Equatable, Sendable {
    public var command: IPCCommand
    /// Echoed in the reply; 0 when the client gave none (as mpv does).
    public var requestID: JSONValue
    /// A text command: mpv answers none.
    public var wantsReply: Bool

    /// What a line that cannot be run yields: the reply says why, with the request's id when
    /// it could be read.
    public struct Refusal: Error, Equatable, Sendable {
        public var error: IPCError
        public var requestID: JSONValue
    }

    /// Reads one line; nil for a blank line (ignored, as mpv does).
    public static func parse(_ line: String) -> Result<IPCRequest, Refusal>? {
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        guard !trimmed.isEmpty else { return nil }
        guard trimmed.first == "{" else {
            let words = TextCommand.words(of: trimmed)
            guard !words.isEmpty else { return nil }
            return IPCCommand.parse(words.map(JSONValue.string))
                .map { IPCRequest(command: $0, requestID: .number(0), wantsReply: false) }
                .mapError { Refusal(error: $0, requestID: .number(0)) }
        }
        guard let value = JSONValue(parsing: trimmed), case .object(let message) = value else {
            return .failure(Refusal(error: .invalidParameter, requestID: .number(0)))
        }
        // mpv accepts only an integer id; anything else is refused and echoed as 0.
        var requestID = JSONValue.number(0)
        if let given = message["request_id"] {
            guard given.intValue != nil else { return .failure(Refusal(error: .invalidParameter, requestID: .number(0))) }
            requestID = given
        }
        guard case .array(let words)? = message["command"] else {
            return .failure(Refusal(error: .invalidParameter, requestID: requestID))
        }
        return IPCCommand.parse(words)
            .map { IPCRequest(command: $0, requestID: requestID, wantsReply: true) }
            .mapError { Refusal(error: $0, requestID: requestID) }
    }
}

/// mpv's input.conf syntax, as far as a script on a socket uses it: words split on blanks,
/// double or single quotes around a word with blanks.
enum TextCommand {
    static func words(of line: Substring) -> [String] {
        var words: [String] = []
        var current = "", quote: Character?, inWord = false
        for character in line {
            if let open = quote {
                if character == open { quote = nil } else { current.append(character) }
            } else if character == "\"" || character == "'" {
                quote = character
                inWord = true
            } else if character == " " || character == "\t" {
                if inWord { words.append(current); current = ""; inWord = false }
            } else {
                current.append(character)
                inWord = true
            }
        }
        if inWord { words.append(current) }
        return words
    }
}
