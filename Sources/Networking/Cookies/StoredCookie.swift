import Foundation

/// A cookie as the jar keeps it (RFC 6265 §5.3): canonical domain, host-only flag and creation order besides
/// the attributes. It is also the record of a cookie file.
struct StoredCookie: Codable, Equatable, Sendable {
    var name: String
    var value: String
    /// Lower-cased, without a leading dot.
    var domain: String
    var path: String
    var expires: Date?
    var isSecure: Bool
    var isHTTPOnly: Bool
    var sameSite: String?
    /// Sent to ``domain`` only, not to the hosts under it.
    var isHostOnly: Bool
    /// When it was first stored; a replacement keeps the original's.
    var created: Date
    /// Creation order, which breaks ties between equal ``created`` dates; kept by a replacement too.
    var sequence: UInt64

    /// What identifies it: a cookie with the same name, domain and path replaces it.
    var key: Key {
        Key(name: name, domain: domain, path: path)
    }

    /// The identity of a cookie (§5.3 step 11).
    struct Key: Hashable {
        var name: String
        var domain: String
        var path: String
    }

    /// Whether it expired at `now`.
    func isExpired(at now: Date) -> Bool {
        expires.map { $0 <= now } ?? false
    }

    /// The public value: host-only cookies carry the host, domain cookies a dot-prefixed domain.
    var cookie: Cookie {
        Cookie(
            name: name, value: value, domain: isHostOnly ? domain : "." + domain, path: path, expires: expires,
            isSecure: isSecure, isHTTPOnly: isHTTPOnly, sameSite: sameSite)
    }
}
