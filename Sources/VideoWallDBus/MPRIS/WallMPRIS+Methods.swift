internal import CGio
import VideoWallCore
import VideoWallEngine

/// The methods of both interfaces. A call that seeks is answered once the wall shows the
/// target, so a client reading Position after the reply reads the new one.
extension WallMPRIS {
    /// Answers `invocation` (which this takes over) on every path.
    func call(_ method: String, of interface: String, parameters: OpaquePointer?, invocation: OpaquePointer) {
        if interface == MPRISInterfaces.root {
            switch method {
            case "Quit":
                guard let onQuit else { return SessionBus.fail(invocation, G_DBUS_ERROR_NOT_SUPPORTED, "MPRIS Quit: not here") }
                SessionBus.succeed(invocation)
                quitOnceReplied()
            case "Raise":
                SessionBus.succeed(invocation)  // CanRaise is false: nothing to do
            default:
                SessionBus.fail(invocation, G_DBUS_ERROR_UNKNOWN_METHOD, "MPRIS: no method \(method)")
            }
            return
        }
        guard let wall else { return SessionBus.fail(invocation, G_DBUS_ERROR_FAILED, "MPRIS \(method): the wall has stopped") }
        switch method {
        case "Play":
            isStopped = false
            wall.perform(.play)
            finish(invocation)
        case "Pause":
            wall.perform(.pause)
            finish(invocation)
        case "PlayPause":
            if wall.snapshot.isPaused { isStopped = false }
            wall.perform(.togglePause)
            finish(invocation)
        case "Stop":
            // The wall has no stopped state of its own: paused at the start, told as Stopped.
            wall.perform(.pause)
            isStopped = true
            seek(wall, SeekIntent(target: 0, reference: .absolute, precision: .accurate), invocation)
        case "Next", "Previous":
            SessionBus.succeed(invocation)  // one track: CanGoNext and CanGoPrevious are false
        case "Seek":
            guard let offset = Variant.child(parameters, 0, Variant.int64(of:)) else {
                return SessionBus.fail(invocation, G_DBUS_ERROR_INVALID_ARGS, "MPRIS Seek: the offset is not an int64")
            }
            // The target is kept within the wall (past the end is the end: there is no next
            // track to go to), which needs its length.
            guard wall.duration != nil else {
                return SessionBus.fail(invocation, G_DBUS_ERROR_FAILED, "MPRIS Seek: the wall's length is not known yet")
            }
            seek(wall, SeekIntent(target: Double(offset) / 1_000_000, reference: .relative, precision: .accurate), invocation)
        case "SetPosition":
            guard let track = Variant.child(parameters, 0, Variant.text(of:)),
                  let position = Variant.child(parameters, 1, Variant.int64(of:)) else {
                return SessionBus.fail(invocation, G_DBUS_ERROR_INVALID_ARGS, "MPRIS SetPosition: wants (o track, x position)")
            }
            // The specification: a stale track id, a negative position or one past the end
            // is ignored (the call still succeeds).
            guard let length = wall.duration.map(Self.microseconds) else {
                return SessionBus.fail(invocation, G_DBUS_ERROR_FAILED, "MPRIS SetPosition: the wall's length is not known yet")
            }
            guard track == MPRISMetadata.trackID, position >= 0, position <= length else {
                return SessionBus.succeed(invocation)
            }
            seek(wall, SeekIntent(target: Double(position) / 1_000_000, reference: .absolute, precision: .accurate), invocation)
        case "OpenUri":
            SessionBus.fail(invocation, G_DBUS_ERROR_NOT_SUPPORTED, "MPRIS OpenUri: a wall plays the sources it was started with")
        default:
            SessionBus.fail(invocation, G_DBUS_ERROR_UNKNOWN_METHOD, "MPRIS: no method \(method)")
        }
    }

    /// Stops the program once the reply to Quit is written (`g_dbus_connection_flush`,
    /// asynchronous): a program that exits first leaves the caller with NoReply.
    private func quitOnceReplied() {
        guard let connection else { return onQuit?() ?? () }
        g_dbus_connection_flush(connection, nil, MPRISCallbacks.flushedForQuit, MPRISRequest(self).retained())
    }

    private func finish(_ invocation: OpaquePointer) {
        SessionBus.succeed(invocation)
        announceChanges()
    }

    /// An exact group seek, answered when done (`Seeked` goes out when the wall leaves seeking).
    private func seek(_ wall: Wall, _ intent: SeekIntent, _ invocation: OpaquePointer) {
        Task { [weak self] in
            await wall.send(.seek(intent))
            SessionBus.succeed(invocation)
            self?.announceChanges()
        }
    }

    // MARK: The wall's events

    func wallDid(_ event: WallEvent) {
        // However the seek came (here, the keys, the IPC socket): MPRIS's Seeked (x). Not for
        // tiles brought onto one frame after a pause: the wall did not move.
        if case .seekEnded(movedPlace: true) = event, let position = wall?.position {
            emit("Seeked", of: MPRISInterfaces.player, Variant.tuple([Variant.int64(Self.microseconds(position))]))
        }
        announceChanges()
    }
}
