import Foundation
import XCTest

/// The real-media corpus (`realmedia/CORPUS.md`): files that real cameras and encoders made,
/// fetched from Debian's archive by `scripts/realmedia.sh` (which `scripts/test.sh` runs).
public enum RealMedia {
    /// `VIDEOWALL_REALMEDIA`, else the cache the script fills.
    public static var directory: String {
        if let given = ProcessInfo.processInfo.environment["VIDEOWALL_REALMEDIA"], !given.isEmpty { return given }
        return (NSHomeDirectory() as NSString).appendingPathComponent(".cache/videowall/realmedia")
    }

    /// The corpus file numbered `number` (its name starts "NN-"). Skips the test, saying so,
    /// when the corpus was not fetched.
    public static func file(_ number: Int) throws -> String {
        let prefix = String(format: "%02d-", number)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard let name = names.first(where: { $0.hasPrefix(prefix) }) else {
            throw XCTSkip("real-media file \(prefix)* is not in \(directory): run scripts/realmedia.sh (scripts/test.sh does)")
        }
        return (directory as NSString).appendingPathComponent(name)
    }
}
