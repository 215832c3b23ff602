@testable import VideoWallCore

/// Drives a `WallTransport` the way the engine does, on a clock moved by hand: it keeps the
/// timers the transport arms and fires each when the clock passes its deadline.
struct TransportHarness {
    var transport: WallTransport
    let clock = ManualClock(now: .seconds(100))
    private(set) var timers: [TransportTimer: MediaTime] = [:]

    init(_ configuration: TransportConfiguration = TransportConfiguration()) {
        transport = WallTransport(configuration: configuration)
    }

    var now: MediaTime { clock.now }

    @discardableResult
    mutating func send(_ input: TransportInput) -> [TransportEffect] {
        let effects = transport.handle(input, at: clock.now)
        for effect in effects {
            switch effect {
            case .armTimer(let timer, let deadline): timers[timer] = deadline
            case .cancelTimer(let timer): timers[timer] = nil
            default: break
            }
        }
        return effects
    }

    /// Moves the clock on, firing every timer that falls due on the way, in order, and returns
    /// what they did.
    @discardableResult
    mutating func advance(by delta: MediaTime) -> [TransportEffect] {
        let end = clock.now + delta
        var effects: [TransportEffect] = []
        while let (timer, deadline) = timers.filter({ $0.value <= end }).min(by: { $0.value < $1.value }) {
            clock.set(deadline)
            timers[timer] = nil
            effects += send(.timerFired(timer))
        }
        clock.set(end)
        return effects
    }

    /// A wall whose tiles all prerolled, standing paused.
    mutating func loadWall(_ profiles: [TileProfile], leadIns: [Int: MediaTime] = [:]) {
        send(.load(profiles))
        for index in profiles.indices { send(.tilePrerolled(index, leadIn: leadIns[index] ?? .zero)) }
        send(.wallLoaded)
    }

    /// Answers every `settle` and `seek` in `effects` (and in what the answers bring) as the
    /// pipelines would, each seek landing on its target or on `landings[tile]`; returns every
    /// effect on the way.
    @discardableResult
    mutating func answer(_ effects: [TransportEffect], positions: [Int: MediaTime] = [:],
                         landings: [Int: MediaTime] = [:]) -> [TransportEffect] {
        var all: [TransportEffect] = []
        var queue = effects
        while !queue.isEmpty {
            let effect = queue.removeFirst()
            switch effect {
            case .settle(let tiles):
                for tile in tiles { queue += record(send(.tileSettled(tile, position: positions[tile])), into: &all) }
            case .seek(let seek):
                queue += record(send(.tileSeekDone(seek.tile, ticket: seek.ticket, landedAt: landings[seek.tile] ?? seek.target)), into: &all)
            default:
                break
            }
        }
        return all
    }

    private func record(_ effects: [TransportEffect], into all: inout [TransportEffect]) -> [TransportEffect] {
        all += effects
        return effects
    }
}

extension Array where Element == TransportEffect {
    var seeks: [TileSeek] { compactMap { if case .seek(let seek) = $0 { seek } else { nil } } }
    var published: [TransportState] { compactMap { if case .publish(let state) = $0 { state } else { nil } } }
    var baseTimes: [Int: MediaTime] {
        var times: [Int: MediaTime] = [:]
        for case .setBaseTime(let tile, let time) in self { times[tile] = time }
        return times
    }
    var settled: [Int]? { compactMap { if case .settle(let tiles) = $0 { tiles } else { nil } }.first }
    func tiles(setTo state: TileRunState) -> [Int] {
        flatMap { effect -> [Int] in
            if case .setState(let tiles, let set) = effect, set == state { return tiles }
            return []
        }
    }
}

extension TileProfile {
    static func local(seconds: Double = 10, frame: Int64 = 40, endOfStream: EndOfStreamPolicy = .hold) -> TileProfile {
        TileProfile(duration: .seconds(seconds), frameDuration: .milliseconds(frame), isSeekable: true,
                    buffers: false, endOfStream: endOfStream)
    }

    static func network(seconds: Double = 10) -> TileProfile {
        TileProfile(duration: .seconds(seconds), frameDuration: .milliseconds(40), isSeekable: true, buffers: true)
    }
}
