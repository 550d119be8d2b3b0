/// The name a request's `Host` header asks for, and whether this server answers to it: the guard
/// against DNS rebinding. A page on `attacker.example` whose name is re-pointed at 127.0.0.1 (or a
/// LAN address) reaches the server from the victim's browser with `Host` and `Origin` both
/// `attacker.example`, so the Origin rule alone (Origin = own scheme + Host) lets it in. Checking the
/// name itself closes that: the server answers only to loopback names and addresses, to the addresses
/// it listens on and to names it was told (`allowedHosts`). Pure: a header in, a verdict out.
struct HostRule: Sendable {
    /// Names and addresses (lowercase, without port or brackets) answered besides loopback ones;
    /// `"*"` answers every name.
    let allowed: Set<String>

    /// A rule answering to loopback names plus `allowed` (names or addresses, any case, IPv6 with or
    /// without brackets).
    init(allowed: [String]) {
        self.allowed = Set(allowed.compactMap { $0 == "*" ? "*" : Self.name(of: $0) })
    }

    /// Whether a request with `Host: header` is answered. A request without `Host` is not: HTTP/1.1
    /// requires one, and every browser sends it.
    func allows(_ header: String?) -> Bool {
        if allowed.contains("*") { return true }
        guard let header, let name = Self.name(of: header) else { return false }
        return Self.isLoopback(name) || allowed.contains(name)
    }

    /// The host part of a `Host` value, lowercased, without port, brackets or a final dot:
    /// `LocalHost:8080` → `localhost`, `[::1]:80` → `::1`. nil when it has no name.
    static func name(of header: String) -> String? {
        var value = Substring(header.lowercased())
        if value.first == "[" {
            guard let close = value.firstIndex(of: "]") else { return nil }
            value = value[value.index(after: value.startIndex)..<close]
        } else if value.filter({ $0 == ":" }).count == 1, let colon = value.firstIndex(of: ":") {
            value = value[..<colon]
        }
        if value.last == "." { value = value.dropLast() }
        return value.isEmpty ? nil : String(value)
    }

    /// `localhost`, an IPv4 loopback address (127.0.0.0/8) or `::1`: names no DNS answer can re-point.
    static func isLoopback(_ name: String) -> Bool {
        if name == "localhost" || name == "::1" { return true }
        let octets = name.split(separator: ".", omittingEmptySubsequences: false)
        return octets.count == 4 && octets[0] == "127" && octets.allSatisfy { UInt8($0) != nil }
    }
}
