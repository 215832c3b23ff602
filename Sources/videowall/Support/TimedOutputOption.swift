import ArgumentParser

/// An option that takes SECONDS and a place to write (`--screenshot-at`,
/// `--tile-screenshots-at`): given once (the parser appends every occurrence's words to one
/// list, so a second one would come back as media sources), two words, SECONDS within range
/// and before `--quit-after`.
enum TimedOutputOption {
    /// The seconds and the place, checked; `example` shows the two words in the message.
    static func check(_ option: String, words: [String], quitAfter: Double?, example: String) throws -> (seconds: Double, place: String) {
        guard WindowOptions.occurrences(of: option, in: CommandLine.arguments) <= 1 else {
            throw ValidationError("\(option) may be given only once")
        }
        guard words.count == 2, let seconds = Double(words[0]) else {
            throw ValidationError("\(option) takes SECONDS and \(example)")
        }
        try NumberChecks.seconds(seconds, option: option, allowsZero: true)
        if let quitAfter, seconds >= quitAfter {
            throw ValidationError("\(option) \(NumberChecks.text(seconds)) is not before --quit-after "
                + "\(NumberChecks.text(quitAfter)): the wall would stop first")
        }
        return (seconds, words[1])
    }
}
