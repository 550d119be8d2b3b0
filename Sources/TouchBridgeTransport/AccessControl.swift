/// Who may use the server: the access token and the Origin rule, checked on every WebSocket
/// upgrade and on `/metrics`. Pure functions of the request, so they are tested without sockets.
struct AccessControl: Sendable {
    /// nil: no token required.
    let token: String?
    /// Empty: only the server's own origin; `["*"]`: any origin; otherwise exactly these.
    let allowedOrigins: [String]
    let tls: Bool

    /// Whether a request that presents `presented` may proceed (always, when no token is set).
    func admits(token presented: String?) -> Bool {
        guard let token else { return true }
        guard let presented else { return false }
        return Self.constantTimeEqual(Array(presented.utf8), Array(token.utf8))
    }

    /// A browser's `Origin` is allowed if it is the server's own (the scheme of this listener and the
    /// request's `Host`), unless `allowedOrigins` lists others. No Origin (not a browser) is allowed:
    /// browsers always send one on WebSocket upgrades, so cross-site pages cannot omit it.
    func allows(origin: String?, host: String?) -> Bool {
        guard let origin else { return true }
        if allowedOrigins.contains("*") { return true }
        if !allowedOrigins.isEmpty { return allowedOrigins.contains(origin) }
        guard let host, !host.isEmpty else { return false }
        return origin.lowercased() == (tls ? "https://" : "http://") + host.lowercased()
    }

    /// The value of `name` in a query string (`a=1&token=abc`), if present.
    static func queryValue(_ name: String, in query: String?) -> String? {
        guard let query else { return nil }
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            if parts.count == 2, parts[0] == name { return String(parts[1]) }
        }
        return nil
    }

    /// The token of an `Authorization: Bearer …` header.
    static func bearer(_ authorization: String?) -> String? {
        guard let authorization, authorization.lowercased().hasPrefix("bearer ") else { return nil }
        return authorization.dropFirst("bearer ".count).trimming { $0 == " " }
    }

    /// Compares without returning early, so the time taken says nothing about how much matched.
    static func constantTimeEqual(_ a: [UInt8], _ b: [UInt8]) -> Bool {
        var difference = UInt8(a.count == b.count ? 0 : 1)
        for i in 0..<max(a.count, b.count) {
            difference |= (i < a.count ? a[i] : 0) ^ (i < b.count ? b[i] : 0)
        }
        return difference == 0
    }
}

/// Close code for a WebSocket whose access token is missing or wrong (private-use range; 401 as in
/// HTTP's Unauthorized). The connection is closed right after the upgrade, before any message.
package let unauthorizedCloseCode: UInt16 = 4401
