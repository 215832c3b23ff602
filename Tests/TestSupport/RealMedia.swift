import Foundation
import XCTest

/// The real-media corpus (`realmedia/CORPUS.md`): files that real cameras and encoders made,
/// fetched from Debian's archive by `scripts/realmedia.sh` (which `scripts/test.sh` runs).
package enum RealMedia {
    /// `VIDEOWALL_REALMEDIA`, else the cache the script fills.
    package static var directory: String {
        if let given = ProcessInfo.processInfo.environment["VIDEOWALL_REALMEDIA"], !given.isEmpty { return given }
        return (NSHomeDirectory() as NSString).appendingPathComponent(".cache/videowall/realmedia")
    }

    /// The corpus file numbered `number` (its name starts "NN-"). Skips the test, saying so,
    /// when the corpus was not fetched.
    package static func file(_ number: Int) throws -> String {
        let prefix = String(format: "%02d-", number)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        guard let name = names.first(where: { $0.hasPrefix(prefix) }) else {
            throw XCTSkip("real-media file \(prefix)* is not in \(directory): run scripts/realmedia.sh (scripts/test.sh does)")
        }
        return (directory as NSString).appendingPathComponent(name)
    }

    /// A copy of corpus file `number` with 16 KiB overwritten by noise 45 % of the way in (the
    /// same noise every time), as a file damaged on a disk or in a download is.
    package static func damagedCopy(of number: Int) throws -> String {
        let original = try file(number)
        var bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: original)))
        var state = UInt64(number) &* 0x9E37_79B9_7F4A_7C15
        let start = bytes.count * 45 / 100
        for index in start..<min(bytes.count, start + 16_384) {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            bytes[index] = UInt8(truncatingIfNeeded: state >> 56)
        }
        let directory = (NSTemporaryDirectory() as NSString).appendingPathComponent("videowall-damaged")
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let copy = (directory as NSString).appendingPathComponent("damaged-" + (original as NSString).lastPathComponent)
        try Data(bytes).write(to: URL(fileURLWithPath: copy), options: .atomic)
        return copy
    }
}
