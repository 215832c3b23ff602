import Foundation
import GIOKit
import VideoWallCore
import VideoWallProtocol
@testable import VideoWallRemote
import XCTest

/// The wall key and the control port's handshake, without a wall: GLib's HMAC against RFC
/// 4231's vector, key files as `videowall key new` writes them and as a careless copy leaves
/// them, and the server's verdict on each kind of first line.
final class ControlKeyTests: XCTestCase {
    func testTheMACIsHMACSHA256() {
        // RFC 4231, test case 2.
        let mac = MessageAuthentication.sha256(key: Array("Jefe".utf8), message: Array("what do ya want for nothing?".utf8))
        XCTAssertEqual(ControlGreeting.hex(mac), "5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843")
        XCTAssertTrue(MessageAuthentication.same(mac, mac))
        var changed = mac
        changed[31] ^= 1
        XCTAssertFalse(MessageAuthentication.same(mac, changed))
        XCTAssertFalse(MessageAuthentication.same(mac, Array(mac.prefix(31))))
    }

    func testAKeyFileIsMadeOnceForItsOwnerAndRefusedWhenOthersCanReadIt() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("vw-key-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/wall.key"
        let made = try WallKey.create(at: path)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        XCTAssertEqual((attributes[.posixPermissions] as? NSNumber)?.intValue, 0o600)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        XCTAssertEqual(text.count, 65, "64 hexadecimal digits and a line end")
        XCTAssertEqual(try WallKey.load(path: path), made)
        XCTAssertNotEqual(WallKey.random(), made, "each key is new")

        // Never replaced, and a planted link (even to nowhere) is not followed.
        XCTAssertThrowsError(try WallKey.create(at: path)) { XCTAssertTrue("\($0)".contains("already there"), "\($0)") }
        let link = folder + "/planted.key"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder + "/elsewhere")
        XCTAssertThrowsError(try WallKey.create(at: link))
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder + "/elsewhere"), "nothing written through the link")

        // A key others can read is no secret; a file of something else is no key.
        chmod(path, 0o644)
        XCTAssertThrowsError(try WallKey.load(path: path)) { XCTAssertTrue("\($0)".contains("chmod 600"), "\($0)") }
        let other = folder + "/other.key"
        FileManager.default.createFile(atPath: other, contents: Data("not a key\n".utf8), attributes: [.posixPermissions: 0o600])
        XCTAssertThrowsError(try WallKey.load(path: other)) { XCTAssertTrue("\($0)".contains("not a wall key"), "\($0)") }
        XCTAssertNil(WallKey(text: String(repeating: "g", count: 64)))
        XCTAssertNil(WallKey(text: String(repeating: "a", count: 62)))
        XCTAssertNotNil(WallKey(text: String(repeating: "A", count: 64) + "\r\n"))
    }

    func testTheServerAdmitsOnlyAProofOfTheRightKeyForTheRoleClaimed() throws {
        let wallKey = WallKey.random(), controlKey = WallKey.random()
        let access = ControlPortAccess(wallKey: wallKey, controlKey: controlKey)
        let challenge = WallKey.randomBytes(), nonce = WallKey.randomBytes()
        func line(_ role: ControlRole, key: WallKey, challenge: [UInt8] = challenge) -> String {
            let proof = key.proof(of: ControlGreeting.clientMessage(role: role, challenge: challenge, nonce: nonce))
            return JSONValue.object(["command": .array(ControlGreeting.authenticate(role: role, nonce: nonce, proof: proof)), "request_id": .number(0)]).jsonText
        }
        guard case .admitted(.follower, let reply) = access.verify(line(.follower, key: wallKey), challenge: challenge) else {
            return XCTFail("the wall key admits a follower")
        }
        // The reply proves the key back, over a message no client proof is made of.
        let expected = wallKey.proof(of: ControlGreeting.serverMessage(role: .follower, challenge: challenge, nonce: nonce))
        XCTAssertTrue(reply.contains(ControlGreeting.hex(expected)), reply)
        XCTAssertFalse(reply.contains(ControlGreeting.hex(wallKey.proof(of: ControlGreeting.clientMessage(role: .follower, challenge: challenge, nonce: nonce)))))
        guard case .admitted(.control, _) = access.verify(line(.control, key: controlKey), challenge: challenge) else {
            return XCTFail("the control key admits full control")
        }
        for (refused, why) in [(line(.control, key: wallKey), "the wall key gives no control"),
                               (line(.follower, key: WallKey.random()), "another key"),
                               (line(.follower, key: wallKey, challenge: WallKey.randomBytes()), "another connection's challenge"),
                               (#"{"command": ["get_property", "wall-sources"]}"#, "a command before the proof"),
                               (#"{"command": ["authenticate", "owner", "00", "00"]}"#, "the owner's role is the socket's")] {
            guard case .refused = access.verify(refused, challenge: challenge) else { return XCTFail(why) }
        }
        // A port with the wall key only lets no one take control.
        guard case .refused = ControlPortAccess(wallKey: wallKey).verify(line(.control, key: wallKey), challenge: challenge) else {
            return XCTFail("no control key, no control")
        }
    }

    func testEachRoleIsAllowedItsOwnCommands() {
        XCTAssertTrue(ControlRole.follower.allows(.getProperty("wall-timeline", asText: false)))
        XCTAssertTrue(ControlRole.follower.allows(.getProperty("clock-port", asText: false)))
        XCTAssertFalse(ControlRole.follower.allows(.getProperty("tile/1/path", asText: false)), "a follower reads no path of a tile")
        XCTAssertFalse(ControlRole.follower.allows(.setProperty("pause", .bool(true))))
        XCTAssertFalse(ControlRole.follower.allows(.loadFile("/home/someone/private.mp4", tile: 1)))
        XCTAssertTrue(ControlRole.control.allows(.setProperty("pause", .bool(true))))
        XCTAssertFalse(ControlRole.control.allows(.quit(code: nil)), "stopping the program is its own user's")
        XCTAssertFalse(ControlRole.control.allows(.screenshotToFile("/tmp/x.png")), "no file is written for a remote client")
        XCTAssertTrue(ControlRole.owner.allows(.quit(code: 3)))
    }

    func testGreetingsAreReadAsSent() {
        let challenge = WallKey.randomBytes()
        XCTAssertEqual(ControlGreeting.challenge(inGreeting: ControlGreeting.line(challenge: challenge)), .some(challenge))
        XCTAssertEqual(ControlGreeting.challenge(inGreeting: ControlGreeting.line(challenge: nil)), .some(nil))
        XCTAssertNil(ControlGreeting.challenge(inGreeting: #"{"event": "pause"}"#))
        XCTAssertNil(ControlGreeting.challenge(inGreeting: #"{"event": "control-port", "challenge": "abc"}"#), "a short challenge")
        XCTAssertEqual(ControlGreeting.bytes(hex: "00ff7F"), [0, 255, 127])
        XCTAssertNil(ControlGreeting.bytes(hex: "0g"))
        XCTAssertNil(ControlGreeting.bytes(hex: "abc"))
    }

    func testANewClientDisplacesTheOldestWaitingOneOfItsOwnAddressFirst() {
        let start = ContinuousClock.now
        func waiting(_ id: Int, _ peer: String) -> ControlPortAccess.Waiting<Int> {
            ControlPortAccess.Waiting(id: id, peer: peer, accepted: start + .milliseconds(id))
        }
        XCTAssertNil(ControlPortAccess.displaced(byNewClientFrom: "10.0.0.1", waiting: [waiting(1, "10.0.0.1")]), "room to spare")
        let ownShare = (1...4).map { waiting($0, "10.0.0.1") } + [waiting(0, "10.0.0.2")]
        XCTAssertEqual(ControlPortAccess.displaced(byNewClientFrom: "10.0.0.1", waiting: ownShare), 1,
                       "an address with its share loses its own oldest, not another host's older one")
        XCTAssertNil(ControlPortAccess.displaced(byNewClientFrom: "10.0.0.2", waiting: ownShare), "another host still gets a place")
        let full = (0..<16).map { waiting($0, "10.0.1.\($0 / 4)") }
        XCTAssertEqual(ControlPortAccess.displaced(byNewClientFrom: "10.0.2.1", waiting: full), 0, "a full room loses its oldest")
    }
}
