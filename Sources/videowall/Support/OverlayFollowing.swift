import Foundation
import GStreamerKit
import VideoWallCore
import VideoWallProtocol
import VideoWallRemote

/// A follower's text overlays show its leader's words: once a second it asks the leader for
/// each text overlay's words (`overlay/N/text`, over its own connection, off the main thread)
/// and shows those that changed, so words changed on the leader (over its IPC socket, control
/// port or web page) change on every screen of the wall within about a second. A leader that
/// shows no overlays itself (headless) answers nothing, and the follower keeps the layout's.
enum OverlayFollowing {
    @MainActor
    static func start(_ role: WallRole?, layout: Layout, show: @escaping @MainActor (_ index: Int, _ text: String) -> Void, stop: SessionStop) {
        guard case .follow(let host, let controlPort, _, _, _, let key, _)? = role else { return }
        let texts = layout.overlays.indices.filter { if case .text = layout.overlays[$0].content { true } else { false } }
        guard !texts.isEmpty else { return }
        let leader = ControlPortConnection(host: host, port: controlPort, key: key, timeout: .seconds(2))
        var shown: [Int: String] = [:]
        let asking = Task { @MainActor in
            while stop.reason == nil, !Task.isCancelled {
                let words = await read(texts, from: leader)
                for (index, text) in words where shown[index] != text {
                    shown[index] = text
                    show(index, text)
                }
                await MainLoop.sleep(seconds: 1)
            }
        }
        stop.whenStopping { asking.cancel() }
    }

    /// Each overlay's words as the leader says them (from 0); those it does not say are left out.
    private nonisolated static func read(_ overlays: [Int], from leader: ControlPortConnection) async -> [(Int, String)] {
        await Task.detached { () -> [(Int, String)] in
            overlays.compactMap { index -> (Int, String)? in
                guard let reply = try? leader.request([.string("get_property"), .string("overlay/\(index + 1)/text")]),
                      reply.succeeded, let text = reply.data?.stringValue,
                      !text.isEmpty, text.count <= WallProperty.overlayTextLength else { return nil }
                return (index, text)
            }
        }.value
    }
}
