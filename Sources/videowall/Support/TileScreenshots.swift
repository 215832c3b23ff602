import Foundation
import GLibMainLoop
import GStreamerKit
import VideoWallCore
import VideoWallEngine
import VideoWallWindow

/// `--tile-screenshots-at SECONDS DIR`: when the wall reaches SECONDS (or ends first), each
/// tile's frame at its source resolution as `DIR/tile-N.png` (`Wall.saveTileSnapshots`)
/// and, with a window, the window as `DIR/window.png`. Written off the main thread; a file not
/// saved, or a wall that stopped before SECONDS, is said on standard error and makes the exit
/// status 4.
@MainActor
final class TileScreenshots {
    private let seconds: Double
    private let folder: String
    /// The files being written; the session waits for them before it ends.
    private(set) var saving: Task<Void, Never>?
    private var saved = false
    private var failed = false

    /// Asked for and not begun yet (a wall that ended waits for it before it stops).
    var isPending: Bool { saving == nil }

    init?(_ asked: (seconds: Double, folder: String)?) {
        guard let asked else { return nil }
        seconds = asked.seconds
        folder = asked.folder
    }

    private var option: String { "--tile-screenshots-at \(NumberChecks.text(seconds))" }

    /// Watches the wall until it gets there, then saves once.
    func watch(_ wall: Wall, windows: [WallWindow], stop: SessionStop) {
        stop.keep(MainLoop.every(seconds: 0.02) { [self] in
            guard (wall.position?.seconds ?? 0) >= seconds || wall.transport == .ended else { return true }
            let position = wall.position ?? .zero
            saving = Task { @MainActor in await save(wall, windows: windows, at: position) }
            return false
        })
    }

    private func save(_ wall: Wall, windows: [WallWindow], at position: MediaTime) async {
        let problems = await Self.save(wall, windows: windows, into: folder)
        for problem in problems { Console.error("\(option): \(problem)") }
        failed = !problems.isEmpty
        saved = problems.isEmpty
        if saved {
            Console.note("tile screenshots at \(TimeFormatting.precise(position)) saved to \(Console.name(folder))")
        }
    }

    /// Saves every tile and, with a window, the window into `folder`; returns what went wrong,
    /// a line each (none: all saved).
    static func save(_ wall: Wall, windows: [WallWindow], into folder: String) async -> [String] {
        let windowPath = (folder as NSString).appendingPathComponent("window.png")
        async let windowSaved: String? = { () async -> String? in
            guard !windows.isEmpty else { return nil }
            // One wall on several monitors: all its windows in one picture.
            do { try await WallWindow.saveScreenshot(of: windows, to: windowPath); return nil } catch { return "\(error)" }
        }()
        let tiles = await wall.saveTileSnapshots(into: folder)
        var problems = tiles.sorted { $0.key < $1.key }.compactMap { tile, outcome -> String? in
            if case .failure(let error) = outcome { return "tile \(tile + 1): \(error)" }
            return nil
        }
        if let windowProblem = await windowSaved { problems.append("window: \(windowProblem)") }
        if tiles.isEmpty { problems.append("no tile shows a frame") }
        return problems
    }

    /// The `s` key: a new folder `videowall-shot-NNNN` in `directory` (the first number free,
    /// made with mkdir, which never takes a folder that is there), with every tile and the window.
    static func saveNumbered(_ wall: Wall, windows: [WallWindow], in directory: String) async {
        let position = wall.position ?? .zero
        let made = await BlockingCalls.run("making a screenshot folder", timeout: 5) { () -> String? in
            for number in 1...9999 {
                let folder = (directory as NSString).appendingPathComponent(String(format: "videowall-shot-%04d", number))
                if mkdir(folder, 0o755) == 0 { return folder }
                if errno != EEXIST { return nil }
            }
            return nil
        }
        guard let folder = made ?? nil else {
            Console.error("screenshot: cannot make a folder in \(Console.name(directory))")
            return
        }
        let problems = await save(wall, windows: windows, into: folder)
        for problem in problems { Console.error("screenshot: \(problem)") }
        if problems.isEmpty { Console.note("screenshot of every tile at \(TimeFormatting.precise(position)) saved to \(Console.name(folder))") }
    }

    /// After the wall stopped: whether an output was lost (not saved, or never taken).
    func outputLost(stoppedAt: MediaTime) -> Bool {
        if saved { return false }
        if !failed {
            Console.error("\(option): no tile screenshots taken: the wall stopped at \(TimeFormatting.precise(stoppedAt)), before it got there")
        }
        return true
    }
}
