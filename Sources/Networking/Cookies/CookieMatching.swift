import Foundation

/// The matching rules of RFC 6265: canonical hosts, domain-match (§5.1.3), default path and path-match
/// (§5.1.4).
enum CookieMatching {
    /// The URL's host, lower-cased, without the brackets of an IPv6 literal; `nil` when it has none.
    static func host(of url: URL) -> String? {
        guard var host = url.host(percentEncoded: false)?.lowercased(), !host.isEmpty else {
            return nil
        }
        if host.hasPrefix("["), host.hasSuffix("]") {
            host = String(host.dropFirst().dropLast())
        }
        return host
    }

    /// The URL's path as sent (percent-encoded), `/` when empty.
    static func path(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.hasPrefix("/") ? path : "/"
    }

    /// The default path of a cookie set by a response to `url` (§5.1.4): its path up to, not including, the
    /// last `/`; `/` when that leaves nothing.
    static func defaultPath(of url: URL) -> String {
        let path = path(of: url)
        guard let slash = path.lastIndex(of: "/"), slash != path.startIndex else {
            return "/"
        }
        return String(path[..<slash])
    }

    /// Whether `host` domain-matches `domain` (§5.1.3): equal, or a host name ending with `"." + domain`.
    static func domainMatches(_ host: String, _ domain: String) -> Bool {
        host == domain || (host.hasSuffix("." + domain) && !isIPAddress(host))
    }

    /// Whether `requestPath` path-matches `cookiePath` (§5.1.4): equal, or below it at a `/` boundary.
    static func pathMatches(_ requestPath: String, _ cookiePath: String) -> Bool {
        guard requestPath.hasPrefix(cookiePath) else {
            return false
        }
        return requestPath.count == cookiePath.count || cookiePath.hasSuffix("/")
            || requestPath.dropFirst(cookiePath.count).hasPrefix("/")
    }

    /// Whether `host` is an IPv4 or IPv6 literal rather than a name.
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") {
            return true
        }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4
            && parts.allSatisfy { part in
                !part.isEmpty && part.count <= 3 && part.allSatisfy { $0.isASCII && $0.isNumber }
                    && (Int(part) ?? 256) <= 255
            }
    }
}
