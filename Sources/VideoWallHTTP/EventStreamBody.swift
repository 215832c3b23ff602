import FlyingFox
import FlyingSocks
import Foundation

/// The remote's event lines as server-sent events (`text/event-stream`): each line one
/// `data:` event, in the order the wall sent them, with a comment every 15 s so proxies and
/// browsers keep an idle stream open. Ends when the remote stops; a client that goes away
/// ends it from the server's side (the write fails, the stream is dropped).
struct EventStreamBody: AsyncBufferedSequence {
    typealias Element = UInt8
    let lines: AsyncStream<String>

    func makeAsyncIterator() -> Iterator { Iterator(lines: lines) }

    struct Iterator: AsyncBufferedIteratorProtocol {
        typealias Buffer = [UInt8]
        private let events: AsyncStream<[UInt8]>
        private var iterator: AsyncStream<[UInt8]>.Iterator
        private var pending: [UInt8] = Array(": videowall events\n\n".utf8)

        init(lines: AsyncStream<String>) {
            // The lines and a keep-alive tick, merged into one stream of event bytes.
            let (events, continuation) = AsyncStream<[UInt8]>.makeStream(bufferingPolicy: .bufferingNewest(512))
            let forward = Task {
                for await line in lines { continuation.yield(Array("data: \(line)\n\n".utf8)) }
                continuation.finish()
            }
            let tick = Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(15))
                    continuation.yield(Array(": keep-alive\n\n".utf8))
                }
            }
            continuation.onTermination = { _ in forward.cancel(); tick.cancel() }
            self.events = events
            iterator = events.makeAsyncIterator()
        }

        mutating func next() async throws -> UInt8? {
            guard let buffer = try await nextBuffer(suggested: 1) else { return nil }
            return buffer.first
        }

        mutating func nextBuffer(suggested count: Int) async throws -> [UInt8]? {
            if pending.isEmpty {
                guard let event = await iterator.next() else { return nil }
                pending = event
            }
            let taken = Array(pending.prefix(Swift.max(1, count)))
            pending.removeFirst(taken.count)
            return taken
        }
    }
}
