/// Other ways of writing one network address, each naming the same machine. GStreamer 1.22
/// keeps one internal client clock per address *as written* and port, shared by every new
/// client clock for them, for 60 s after the last one goes; a client clock whose leader's time
/// went backwards (a restarted leader) stays stuck on its last time. A new client clock that
/// must start afresh asks under a spelling not used before.
package enum AddressSpellings {
    /// `address` first, then other spellings of it (at most `limit` in all): an IPv4 address
    /// as IPv4-mapped IPv6 (`::ffff:a.b.c.d`, with its zero groups written out more or less);
    /// an IPv6 address with its leading zeros written out; a host name with its letters in
    /// other cases (names are looked up without regard to case).
    package static func spellings(of address: String, limit: Int = 8) -> [String] {
        guard limit > 0, !address.isEmpty else { return [] }
        var found = [address]
        func add(_ spelling: String) { if found.count < limit, !found.contains(spelling) { found.append(spelling) } }
        if isIPv4(address) {
            add("::ffff:" + address)
            for zeros in 1...4 { add(String(repeating: "0", count: zeros) + "::ffff:" + address) }
            add("0:0:0:0:0:ffff:" + address)
            add("::FFFF:" + address)
        } else if address.contains(":") {
            if address.hasPrefix("::") {
                for zeros in 1...4 { add(String(repeating: "0", count: zeros) + address) }
            } else if let first = address.split(separator: ":").first, first.count < 4 {
                for zeros in 1...(4 - first.count) { add(String(repeating: "0", count: zeros) + address) }
            }
            add(address.uppercased())
            add(address.lowercased())
        } else {
            let letters = address.indices.filter { address[$0].isLetter && address[$0].isASCII }
            // Each variant flips the case of a different set of letters (its bits).
            var variant = 1
            while found.count < limit, variant < 1 << min(letters.count, 16) {
                var characters = Array(address)
                for (bit, index) in letters.prefix(16).enumerated() where variant & (1 << bit) != 0 {
                    let offset = address.distance(from: address.startIndex, to: index)
                    let character = characters[offset]
                    characters[offset] = Character(character.isUppercase ? character.lowercased() : character.uppercased())
                }
                add(String(characters))
                variant += 1
            }
        }
        return found
    }

    /// Four decimal numbers 0 to 255, dot separated, no leading zeros.
    static func isIPv4(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts.allSatisfy { part in
            (1...3).contains(part.count) && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber)
                && (part.count == 1 || part.first != "0") && Int(part).map { $0 <= 255 } == true
        }
    }
}
