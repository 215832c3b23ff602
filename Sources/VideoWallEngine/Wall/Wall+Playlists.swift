import Foundation
import VideoWallCore

extension Wall {
    /// Turns each tile whose source is a playlist file or a folder, or that lists its items
    /// (`TileSpec.playlist`), into its items: the first as `source`, all of them as `playlist`.
    /// Files are read off the main thread, all tiles at once. A still image becomes a one-frame
    /// clip lasting its duration (`StillClip`; the item's `duration`, else `imageDuration`).
    /// Items that cannot play are left out with a line each (a missing file, an image that
    /// cannot be read); a playlist left with nothing is the tile's failure. A playlist of one
    /// item is that item, played as a tile's only source, unless it comes from a folder (which
    /// may gain items: `FolderWatch`).
    /// With `asLists`, every source is a list, one file a list of one (a playlist tile's list
    /// read again).
    /// With `preparingWhilePlaying` (a lead, in seconds), a list with sound and no schedules,
    /// not a folder's, is started once its first item is made ready and the others are too or
    /// that lead has passed; the rest are made while it plays (`preparations`,
    /// `ItemPreparation`); `started` is handed each such making as it begins, so a wall that
    /// stops meanwhile can stop it.
    static func expandPlaylists(_ specs: [TileSpec], imageDuration: MediaTime, asLists: Bool = false, sound: SoundChoice = .ifAnyItemHasIt,
                                preparingWhilePlaying lead: Double? = nil, started: (ItemPreparation) -> Void = { _ in },
                                localTime: @Sendable () -> LocalMoment = LocalMoment.now) async -> LoadedPlaylists {
        let outcomes = await withTaskGroup(of: (Int, Result<PlaylistLoader.Expansion?, PlaylistError>).self) { group in
            for (index, spec) in specs.enumerated() {
                group.addTask {
                    if !spec.playlist.isEmpty {
                        return (index, .success(PlaylistLoader.Expansion(items: spec.playlist, warnings: [])))
                    }
                    do throws(PlaylistError) {
                        let expansion = try PlaylistLoader.expand(spec.source)
                        return (index, .success(expansion ?? (asLists ? PlaylistLoader.Expansion(items: [PlaylistItem(location: spec.source)], warnings: []) : nil)))
                    } catch {
                        return (index, .failure(error))
                    }
                }
            }
            var results: [Int: Result<PlaylistLoader.Expansion?, PlaylistError>] = [:]
            for await (index, result) in group { results[index] = result }
            return results
        }
        var expanded = specs
        var failures: [Int: AssetError] = [:]
        var skipped: [Int: [String]] = [:]
        var folders: [Int: String] = [:]
        var preparations: [Int: ItemPreparation] = [:]
        for (index, spec) in specs.enumerated() {
            switch outcomes[index] {
            case .failure(let error)?:
                failures[index] = AssetError(source: spec.source, reason: .playlist(error.lineAndMessage))
            case .success(let expansion?)?:
                skipped[index, default: []] += expansion.warnings
                var playable: [PlaylistItem] = []
                for item in expansion.items {
                    switch await Self.playable(item, imageDuration: imageDuration) {
                    case .success(let item): playable.append(item)
                    case .failure(let why):
                        skipped[index, default: []].append("skipped \(TerminalText.quoted(item.location, limit: TerminalText.nameLimit)): \(why.text)")
                    }
                }
                // A layout's list is one even with one item: its options and schedule apply.
                let isList = asLists || !spec.playlist.isEmpty || playable.count > 1 || expansion.folder != nil
                if isList {
                    let verdicts = await describe(playable)
                    skipped[index, default: []] += verdicts.compactMap(\.refusal)
                    let described = zip(playable, verdicts).filter { $0.1.refusal == nil }
                    playable = described.map { item, verdict in
                        var item = item
                        item.length = verdict.length
                        return item
                    }
                    if sound == .always || (sound == .ifAnyItemHasIt && described.contains(where: \.1.hasSound)) {
                        // (A schedule picks the item the tile opens with, from all of them; a
                        // folder's watch compares the list with the folder.)
                        var sounded = (items: [PlaylistItem](), skipped: [String](), withoutSound: String?.none)
                        if let lead, expansion.folder == nil, spec.playlistSchedule.isAlways, described.allSatisfy({ $0.0.schedule.isAlways }),
                           networkItem(in: described) == nil {
                            let preparation = ItemPreparation(described)
                            started(preparation)
                            (sounded.items, sounded.skipped) = await preparation.firstItems(lead: lead)
                            if !preparation.isComplete, !sounded.items.isEmpty { preparations[index] = preparation }
                        } else {
                            sounded = await withSound(described)
                        }
                        if let reason = sounded.withoutSound {
                            guard sound != .always else {
                                failures[index] = AssetError(source: spec.source, reason: .playlist("the tile plays sound, which only local files can give: \(reason)"))
                                continue
                            }
                            skipped[index, default: []].append("plays its pictures only: \(reason)")
                        } else {
                            skipped[index, default: []] += sounded.skipped
                            playable = sounded.items
                            expanded[index].playlistHasSound = true
                        }
                    }
                }
                // The tile opens on the first item scheduled now.
                guard let first = PlaylistSequence.firstScheduled(playable, playlist: spec.playlistSchedule, at: localTime()) else {
                    failures[index] = AssetError(source: spec.source, reason: .playlist("no item of the playlist can be played"))
                    continue
                }
                expanded[index].source = first.location
                expanded[index].shownName = first.origin
                // A list with schedules may have nothing to show: then its background, a second at a time.
                if isList, !spec.playlistSchedule.isAlways || playable.contains(where: { !$0.schedule.isAlways }) {
                    let background = spec.background, withSound = expanded[index].playlistHasSound
                    expanded[index].idleClip = await Task.detached {
                        let blank = try? StillClip.blank(color: background, duration: idleCheck)
                        return withSound ? blank.flatMap { try? SoundedClip.make(video: $0, hasSound: false) } : blank
                    }.value
                    if let idle = expanded[index].idleClip, PlaylistSequence.scheduled(playable, playlist: spec.playlistSchedule, at: localTime()) == nil {
                        expanded[index].source = idle
                        expanded[index].shownName = spec.source
                    }
                }
                if let folder = expansion.folder { folders[index] = folder }
                expanded[index].playlist = isList ? playable : []
                if isList, spec.playlist.isEmpty { expanded[index].listSource = spec.source }
            default:
                break
            }
        }
        return LoadedPlaylists(specs: expanded, failures: failures, skipped: skipped, folders: folders, preparations: preparations)
    }

    /// Whether a list is played with its sound.
    enum SoundChoice {
        /// When some item has sound (a tile's load).
        case ifAnyItemHasIt
        /// Always, or never: a list read again for a tile that already plays with, or without, sound.
        case always, never
    }

    /// How often a tile with nothing scheduled looks at its schedules again.
    nonisolated static let idleCheck = MediaTime.seconds(1)

    struct LoadedPlaylists {
        var specs: [TileSpec]
        var failures: [Int: AssetError]
        /// Per tile, the items left out and why, one line each.
        var skipped: [Int: [String]]
        /// The tiles that play a folder, and its absolute path.
        var folders: [Int: String]
        /// Per tile with sound started on its first items, the making of the others.
        var preparations: [Int: ItemPreparation] = [:]
    }

    /// Starts watching the folder of each folder tile that plays: a changed folder becomes the
    /// tile's next list at its next item boundary (`FolderWatch`).
    func watchFolders(_ playlists: LoadedPlaylists) {
        for (index, path) in playlists.folders {
            watchFolder(path, ofTile: index, playing: playlists.specs[index].playlist)
        }
    }

    /// Hands each tile with sound that started on its first items the rest as they are made
    /// (`ItemPreparation`), said in a line when it starts and when every item is ready.
    func prepareWhilePlaying(_ playlists: LoadedPlaylists) {
        for (index, preparation) in playlists.preparations.sorted(by: { $0.key < $1.key }) {
            guard slots.indices.contains(index), let sequence = slots[index].player?.playlist else {
                // Its tile did not open: the copy under way stops, and `close` waits for it.
                preparation.stop()
                stoppedPreparations.append(preparation)
                continue
            }
            publish(.warning("tile \(index + 1): plays from its first \(sequence.count == 1 ? "item" : "\(sequence.count) items") "
                + "while the others are made ready for sound; each joins the list when it is"))
            itemPreparations[index] = preparation
            preparation.feed(sequence, onSkipped: { [weak self] line in
                self?.skippedItems[index, default: []].append(line)
                self?.publish(.warning("tile \(index + 1): " + line))
            }, onComplete: { [weak self] in
                self?.itemPreparations[index] = nil
                self?.publish(.warning("tile \(index + 1): every item of its list is ready"))
            })
        }
    }

    /// Watches the folder tile `index` plays, whose items are `items` now.
    func watchFolder(_ path: String, ofTile index: Int, playing items: [PlaylistItem]) {
        guard slots.indices.contains(index), let player = slots[index].player, let sequence = player.playlist else { return }
        let playing = items.map { ($0.origin ?? $0.location).split(separator: "/").last.map(String.init) ?? "" }
        do {
            folderWatches[index] = try FolderWatch(path: path, playing: playing, quietPeriod: .seconds(configuration.folderQuietPeriod.inSeconds),
                                                   imageDuration: .seconds(configuration.imageDuration.inSeconds),
                                                   withSound: sequence.hasSound) { [weak self] items, skipped in
                self?.skippedItems[index] = skipped
                skipped.forEach { self?.publish(.warning("tile \(index + 1): " + $0)) }
                guard !items.isEmpty else {
                    self?.publish(.warning("tile \(index + 1): \(TerminalText.quoted(path, limit: TerminalText.nameLimit)) holds nothing to play now: the items it had go on"))
                    return
                }
                sequence.replace(items.map(PlaylistSequence.Entry.init))
            }
        } catch {
            publish(.warning("tile \(index + 1): \(TerminalText.quoted(path, limit: TerminalText.nameLimit)) is not watched (\(error)): files added later are not played"))
        }
    }

    /// What the discoverer said of a playlist item: nil and its length when a tile can play it,
    /// else the line that says why not.
    struct ItemVerdict: Sendable, Equatable {
        var refusal: String?
        var length: MediaTime?
        var hasSound = false
    }

    /// Describes every item (the discoverer, a few at a time): a broken file met in the middle
    /// of a playlist would fail the whole tile. Returns a verdict per item, in their order.
    static func describe(_ items: [PlaylistItem], timeout: Double = 10) async -> [ItemVerdict] {
        var verdicts: [ItemVerdict] = []
        var start = 0
        while start < items.count {
            let batch = Array(items[start..<min(items.count, start + 4)])
            start += batch.count
            let tasks = batch.map { item in
                Task { @MainActor () -> Result<Asset, AssetError> in
                    do throws(AssetError) {
                        return .success(try AssetLoader.playableInATile(try await AssetLoader.load(item.location, seconds: timeout, forTile: true)))
                    } catch { return .failure(error) }
                }
            }
            for (item, task) in zip(batch, tasks) {
                switch await task.value {
                case .success(let asset):
                    verdicts.append(ItemVerdict(refusal: nil, length: asset.isLive ? nil : asset.duration, hasSound: asset.audio != nil))
                case .failure(let error):
                    verdicts.append(ItemVerdict(refusal: "skipped \(TerminalText.quoted(item.origin ?? item.location, limit: TerminalText.nameLimit)): \(error.reasonText)"))
                }
            }
        }
        return verdicts
    }

    struct Unplayable: Error {
        var text: String
    }

    /// The item as the tile plays it (a still as its clip), or why it is left out.
    static func playable(_ item: PlaylistItem, imageDuration: MediaTime) async -> Result<PlaylistItem, Unplayable> {
        let location = item.location
        guard !location.contains("://") || location.hasPrefix("file://") else {
            return item.reverse && item.kind == .video ? .failure(Unplayable(text: "only a local file can be played backwards")) : .success(item)
        }
        let path = MediaLocation.localPath(for: location) ?? location
        return await Task.detached { () -> Result<PlaylistItem, Unplayable> in
            guard FileManager.default.fileExists(atPath: path) else { return .failure(Unplayable(text: "file not found")) }
            if item.kind == .video, item.reverse { return reversed(item, path: path) }
            guard item.kind == .image else { return .success(item) }
            do {
                var clip = item
                clip.location = try StillClip.make(image: path, duration: item.duration ?? imageDuration)
                clip.kind = .video
                clip.origin = item.location
                return .success(clip)
            } catch {
                return .failure(Unplayable(text: "the image cannot be read (\(TerminalText.shortened("\(error)")))"))
            }
        }.value
    }
}

extension Wall {
    /// A playlist's items as a tile with sound plays them: each as its `SoundedClip`, made
    /// off the main thread one at a time. Sound needs every item in that form, so a network
    /// item (which cannot be copied) leaves the list without sound (`withoutSound` says why);
    /// an item that cannot be copied is left out with its line. `besidePlay` and `stopping`:
    /// see `SoundedClip.make`.
    static func withSound(_ described: [(PlaylistItem, ItemVerdict)], besidePlay: Bool = false,
                          stopping: @escaping @Sendable () -> Bool = { false }) async
        -> (items: [PlaylistItem], skipped: [String], withoutSound: String?) {
        if let remote = networkItem(in: described) { return ([], [], remote) }
        return await Task.detached {
            var items: [PlaylistItem] = [], skipped: [String] = []
            for (item, verdict) in described {
                func path(_ location: String) -> String { MediaLocation.localPath(for: location) ?? location }
                do {
                    var copy = item
                    var video = path(item.location)
                    var inPoint: MediaTime?, outPoint: MediaTime?
                    if let image = item.origin, PlaylistItem(location: image).kind == .image, let length = verdict.length ?? item.duration {
                        video = try StillClip.make(image: path(image), duration: length, tenPerSecond: true)
                    } else {
                        // A video's `duration:` ends it that long after its in point; said as
                        // an out point, as the copy has an origin (`PlaylistSequence.Entry`).
                        inPoint = item.inPoint
                        outPoint = item.outPoint ?? item.duration.map { (item.inPoint ?? .zero) + $0 }
                        copy.outPoint = outPoint
                        copy.duration = nil
                    }
                    copy.location = try SoundedClip.make(video: video, hasSound: verdict.hasSound, inPoint: inPoint,
                                                         outPoint: outPoint, besidePlay: besidePlay, stopping: stopping)
                    copy.origin = item.origin ?? item.location
                    copy.length = verdict.length
                    items.append(copy)
                } catch {
                    skipped.append("skipped \(TerminalText.quoted(item.origin ?? item.location, limit: TerminalText.nameLimit)): "
                        + "it cannot be prepared for a tile with sound (\(TerminalText.shortened("\(error)")))")
                }
            }
            // Each copy's own length: its picture's (a clip's container may say more, its sound
            // running on past its last frame, which the copy cuts): where the next item starts.
            let lengths = await describe(items.map { PlaylistItem(location: $0.location) })
            for (index, verdict) in lengths.enumerated() where verdict.length != nil { items[index].length = verdict.length }
            return (items, skipped, nil)
        }.value
    }

    /// Why a list cannot be played with sound: the item that comes over the network (it cannot
    /// be copied), named; nil when every item is local.
    nonisolated static func networkItem(in described: [(PlaylistItem, ItemVerdict)]) -> String? {
        described.first { MediaLocation.isNetwork(MediaLocation.uri(for: $0.0.location)) }
            .map { "\(TerminalText.quoted($0.0.origin ?? $0.0.location, limit: TerminalText.nameLimit)) comes over the network" }
    }

    /// A `reverse: true` video as its backwards copy (`ReversedClip`), its in and out points
    /// turned around: what was the out point is where the copy starts.
    nonisolated static func reversed(_ item: PlaylistItem, path: String) -> Result<PlaylistItem, Unplayable> {
        do {
            let made = try ReversedClip.make(video: path)
            let length = made.length
            let out = item.outPoint ?? item.duration.map { (item.inPoint ?? .zero) + $0 }
            var copy = item
            copy.location = made.path
            copy.origin = item.location
            copy.reverse = false
            copy.inPoint = out.map { max(.zero, length - $0) }
            copy.outPoint = item.inPoint.map { max(.zero, length - $0) }
            copy.duration = nil
            return .success(copy)
        } catch {
            return .failure(Unplayable(text: "it cannot be played backwards (\(TerminalText.shortened("\(error)")))"))
        }
    }
}

extension PlaylistError {
    /// "line 3: ..." or the message alone: the tile's failure already names the file.
    var lineAndMessage: String { line.map { "line \($0): \(message)" } ?? message }
}
