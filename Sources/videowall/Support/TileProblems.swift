import VideoWallEngine

/// Prints each tile's failure and warnings on standard error as they happen, one line each,
/// naming the tile (and, for a warning, its source), and when the machine stops (or starts
/// again) keeping up with the frames due. Shared by the headless and window
/// sessions; the task ends when the wall's event stream does.
@MainActor
enum TileProblems {
    static func report(from wall: Wall) -> Task<Void, Never> {
        let events = wall.events()
        return Task { @MainActor in
            for await event in events {
                switch event {
                case .tile(let index, .failed(let error)): Console.error("tile \(index + 1): \(error)")
                case .tile(let index, .warning(let message)):
                    let source = wall.slots.indices.contains(index) ? Console.name(wall.slots[index].source) + ": " : ""
                    Console.warning("tile \(index + 1): \(source)\(message)")
                case .tileRecovery(let index, .retrying(let attempt, let delay, _)):
                    Console.note("tile \(index + 1): trying again in \(NumberChecks.text(delay.inSeconds)) s (attempt \(attempt))")
                case .tileRecovery(let index, .recovered(let attempts)):
                    Console.note("tile \(index + 1): playing again, in sync (after \(attempts) attempt\(attempts == 1 ? "" : "s"))")
                case .tileRecovery(let index, .gaveUp(let attempts)):
                    Console.error("tile \(index + 1): gave up after \(attempts) attempt\(attempts == 1 ? "" : "s")")
                case .overload(let figure?): Console.warning(figure.sentence)
                case .overload(nil): Console.note("the machine keeps up again")
                case .warning(let message): Console.warning(message)
                default: break
                }
            }
        }
    }
}
