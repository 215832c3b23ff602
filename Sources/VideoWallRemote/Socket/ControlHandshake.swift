import Foundation
import GIOKit
import VideoWallCore
import VideoWallProtocol
#if canImport(Glibc)
import Glibc
#endif

/// A client's side of a control port's greeting (`ControlGreeting`): connects, reads the
/// greeting, and when the port asks for a key proves `key` in `role` and checks the port's own
/// proof, so a follower talks only to the leader that holds its key. Blocking: off the main
/// thread.
enum ControlHandshake {
    static func connect(host: String, port: Int, key: WallKey?, role: ControlRole,
                        timeout: Duration) throws(IPCSocketError) -> (fd: Int32, framer: LineFramer) {
        let shown = "\(TerminalText.shortened(host, limit: TerminalText.nameLimit)):\(port)"
        let fd = try ListeningTCPSocket.connect(host: host, port: port, timeout: timeout)
        var framer = IPCClient.replyFramer()
        do throws(IPCSocketError) {
            let greeting = try firstLine(on: fd, framer: &framer, shown: shown, timeout: timeout)
            guard let asked = ControlGreeting.challenge(inGreeting: greeting) else {
                throw IPCSocketError(description: "\(shown): not a wall's control port (no greeting)")
            }
            switch (asked, key) {
            case (nil, nil):
                return (fd, framer)
            case (nil, _?):
                throw IPCSocketError(description: "\(shown): the wall there asks for no key, so it cannot prove yours: not following it")
            case (_?, nil):
                throw IPCSocketError(description: "\(shown): the wall there asks for its key: give it with --wall-key-file")
            case (let challenge?, let key?):
                let nonce = WallKey.randomBytes()
                let proof = key.proof(of: ControlGreeting.clientMessage(role: role, challenge: challenge, nonce: nonce))
                let reply = try IPCClient.exchange(ControlGreeting.authenticate(role: role, nonce: nonce, proof: proof), id: 0, on: fd,
                                                   framer: &framer, shown: shown, timeout: timeout)
                guard reply.succeeded else {
                    throw IPCSocketError(description: "\(shown): the wall refused the key (\(reply.error)): is it the same key file as the leader's?")
                }
                let expected = key.proof(of: ControlGreeting.serverMessage(role: role, challenge: challenge, nonce: nonce))
                guard case .object(let data)? = reply.data, let text = data["proof"]?.stringValue,
                      let theirs = ControlGreeting.bytes(hex: text), MessageAuthentication.same(theirs, expected) else {
                    throw IPCSocketError(description: "\(shown): the wall there did not prove the key: not following it")
                }
                return (fd, framer)
            }
        } catch {
            close(fd)
            throw error
        }
    }

    /// The first whole line the port sends.
    private static func firstLine(on fd: Int32, framer: inout LineFramer, shown: String, timeout: Duration) throws(IPCSocketError) -> String {
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = ContinuousClock.now + timeout
        while ContinuousClock.now < deadline {
            let count = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            guard count > 0 else { break }
            for output in framer.append(buffer[0..<count]) {
                if case .line(let text) = output { return text }
            }
        }
        throw IPCSocketError(description: "\(shown): no greeting from the wall within \(timeout.components.seconds) s")
    }
}
