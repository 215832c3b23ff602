/// A folder as a playlist: its media files in name order (numbers in names compared as
/// numbers, so `clip2` comes before `clip10`), without hidden files and downloads in progress.
package enum FolderPlaylist {
    /// The names to play from a folder's listing.
    package static func mediaNames(_ names: [String]) -> [String] {
        names.filter { name in
            !name.hasPrefix(".") && !name.hasSuffix("~")
                && PlaylistItem.mediaExtensions.contains(PlaylistItem.nameExtension(name))
        }
        .sorted(by: nameOrder)
    }

    /// Name order with runs of digits compared by value, then by text for ties (`a01` < `a1`).
    package static func nameOrder(_ a: String, _ b: String) -> Bool {
        let left = pieces(a), right = pieces(b)
        for (x, y) in zip(left, right) where x != y {
            switch (x, y) {
            case (.number(let m, _), .number(let n, _)) where m != n: return m < n
            default: return x.text < y.text
            }
        }
        return left.count != right.count ? left.count < right.count : a < b
    }

    private enum Piece: Equatable {
        case text(String)
        /// The value (saturated) and the digits as written.
        case number(Int, String)
        var text: String {
            switch self {
            case .text(let text): text
            case .number(_, let digits): digits
            }
        }
    }

    private static func pieces(_ name: String) -> [Piece] {
        var result: [Piece] = [], current = "", inDigits = false
        func flush() {
            guard !current.isEmpty else { return }
            if inDigits {
                let value = current.count > 18 ? Int.max : Int(current) ?? Int.max
                result.append(.number(value, current))
            } else {
                result.append(.text(current.lowercased()))
            }
            current = ""
        }
        for character in name {
            let digit = character.isASCII && character.isNumber
            if digit != inDigits { flush(); inDigits = digit }
            current.append(character)
        }
        flush()
        return result
    }
}

/// Tells a file still being written from a finished one: its size (and change time) must stay
/// the same for `quietPeriod` before it is played. Fed the observations of a folder's files on
/// the wall's monotonic clock.
package struct FileSettling: Sendable {
    package var quietPeriod: MediaTime
    private var seen: [String: (size: Int64, modified: Int64, since: MediaTime)] = [:]

    package init(quietPeriod: MediaTime = .seconds(2)) {
        self.quietPeriod = quietPeriod
    }

    /// Records what a file looks like now; returns whether it has been still long enough (an
    /// empty file never is).
    package mutating func observe(_ name: String, size: Int64, modified: Int64, at now: MediaTime) -> Bool {
        if let last = seen[name], last.size == size, last.modified == modified {
            return size > 0 && now - last.since >= quietPeriod
        }
        seen[name] = (size, modified, now)
        return false
    }

    /// Forgets files no longer in the folder.
    package mutating func keep(only names: Set<String>) {
        seen = seen.filter { names.contains($0.key) }
    }
}
