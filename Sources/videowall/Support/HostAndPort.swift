/// An address and a port as they are written on the command line, one rule for every option
/// that takes them (`--http`, `follow`'s leader): `HOST:PORT`, `[IPV6]:PORT`, or either alone.
/// A bare IPv6 address (two colons or more, no brackets) is an address with no port.
enum HostAndPort {
    /// What a value with no port separator is: an address (`follow 10.0.0.5`) or a port
    /// (`--http 8080`).
    enum Alone { case host, port }

    /// `text` read by that rule; the address or the port left out are `defaultHost` and
    /// `defaultPort`. nil when the port is not a number from 1 to 65535, the address is empty
    /// or longer than 253 bytes, or one left out has no default.
    static func parse(_ text: String, alone: Alone, defaultHost: String? = nil, defaultPort: Int? = nil) -> (host: String, port: Int)? {
        var host: Substring?, port: Substring?
        if text.hasPrefix("["), let close = text.firstIndex(of: "]") {
            host = text[text.index(after: text.startIndex)..<close]
            let rest = text[text.index(after: close)...]
            guard rest.isEmpty || rest.hasPrefix(":") else { return nil }
            port = rest.isEmpty ? nil : rest.dropFirst()
        } else if text.filter({ $0 == ":" }).count >= 2 {
            host = Substring(text)
        } else if let colon = text.firstIndex(of: ":") {
            (host, port) = (text[..<colon], text[text.index(after: colon)...])
        } else if alone == .host {
            host = Substring(text)
        } else {
            port = Substring(text)
        }
        guard let address = host.map(String.init) ?? defaultHost, !address.isEmpty, address.utf8.count <= 253 else { return nil }
        guard let number = port.map({ $0.count <= 5 ? Int($0) : nil }) ?? defaultPort, (1...65535).contains(number) else { return nil }
        return (address, number)
    }
}
