import Foundation

/// The cookies of a ``CookieStorage`` and RFC 6265's rules over them, as a value: the storage model (§5.3),
/// the retrieval of the cookies for a request (§5.4), replacement, expiry and the size limits. No locking, no
/// I/O: ``CookieStorage`` guards one and writes its persistent cookies.
struct CookieJar: Equatable {
    /// The most cookies kept for one domain; storing one more evicts that domain's oldest.
    static let maximumPerDomain = 50
    /// The most cookies kept in all; storing one more evicts the oldest.
    static let maximumCount = 3000

    private(set) var byKey: [StoredCookie.Key: StoredCookie] = [:]
    private var nextSequence: UInt64 = 0

    /// A jar holding `cookies` (read from a file), expired ones left out.
    init(cookies: [StoredCookie] = [], now: Date = Date()) {
        for cookie in cookies.sorted(by: Self.isOlder) where !cookie.isExpired(at: now) {
            byKey[cookie.key] = cookie
            nextSequence = max(nextSequence, cookie.sequence &+ 1)  // an edited file must not trap
        }
    }

    /// The cookies with an expiry, which a file keeps, oldest first.
    var persistentCookies: [StoredCookie] {
        byKey.values.filter { $0.expires != nil }.sorted(by: Self.isOlder)
    }

    /// Applies one `Set-Cookie` received from `url` (§5.3): refused when its `Domain` does not cover the host,
    /// is a bare top-level name or another IP literal, or when it is `Secure` over http (RFC 6265bis); an
    /// expiry in the past deletes the cookie it names.
    /// - Returns: Whether the jar changed.
    @discardableResult
    mutating func store(_ setCookie: SetCookie, from url: URL, now: Date) -> Bool {
        guard let host = CookieMatching.host(of: url) else {
            return false
        }
        let isSecureURL = url.scheme?.lowercased() == "https"
        var domain = host
        var isHostOnly = true
        if let attribute = setCookie.domain {
            // A bare name (`com`) would cover a whole top-level domain, and an IP literal names one host only: the
            // host itself (`localhost`, `127.0.0.1`) makes a host-only cookie, anything else is refused (§5.3 step 5).
            let isBare = !attribute.contains(".") || CookieMatching.isIPAddress(attribute)
            if !(isBare && attribute == host) {
                guard !isBare, CookieMatching.domainMatches(host, attribute) else {
                    return false
                }
                domain = attribute
                isHostOnly = false
            }
        }
        if setCookie.isSecure && !isSecureURL {
            return false
        }
        let path = setCookie.path ?? CookieMatching.defaultPath(of: url)
        // RFC 6265bis §4.1.3: the `__Secure-` and `__Host-` prefixes are promises the attributes must keep.
        if setCookie.name.hasPrefix("__Secure-") && !setCookie.isSecure {
            return false
        }
        if setCookie.name.hasPrefix("__Host-") && (!setCookie.isSecure || !isHostOnly || path != "/") {
            return false
        }
        let cookie = StoredCookie(
            name: setCookie.name, value: setCookie.value, domain: domain, path: path, expires: setCookie.expires,
            isSecure: setCookie.isSecure, isHTTPOnly: setCookie.isHTTPOnly, sameSite: setCookie.sameSite,
            isHostOnly: isHostOnly, created: now, sequence: 0)
        return insert(cookie, now: now)
    }

    /// Adds `cookie`, replacing the one with the same name, domain and path (whose creation it keeps), or
    /// deletes that one when `cookie` has expired; then evicts beyond the limits.
    /// - Returns: Whether the jar changed.
    @discardableResult
    mutating func insert(_ cookie: StoredCookie, now: Date) -> Bool {
        let existing = byKey[cookie.key]
        guard !cookie.isExpired(at: now) else {
            return byKey.removeValue(forKey: cookie.key) != nil
        }
        var cookie = cookie
        if let existing {
            cookie.created = existing.created
            cookie.sequence = existing.sequence
        } else {
            cookie.sequence = nextSequence
            nextSequence += 1
        }
        byKey[cookie.key] = cookie
        if existing == nil {
            enforceLimits(for: cookie.domain, now: now)
        }
        return existing != cookie
    }

    /// Removes the cookie with this name, domain (any case, leading dot ignored) and path.
    /// - Returns: Whether there was one.
    @discardableResult
    mutating func remove(name: String, domain: String, path: String) -> Bool {
        let domain = Self.canonicalDomain(domain).name
        return byKey.removeValue(forKey: StoredCookie.Key(name: name, domain: domain, path: path)) != nil
    }

    /// Removes every cookie.
    mutating func removeAll() {
        byKey = [:]
    }

    /// Drops the cookies expired at `now`.
    mutating func purge(now: Date) {
        byKey = byKey.filter { !$0.value.isExpired(at: now) }
    }

    /// The cookies to send to `url` (§5.4): domain (host-only: the exact host), path and scheme (`Secure`: https
    /// only) matching, unexpired; ports play no part. Longer paths first, then older first.
    func cookies(for url: URL, now: Date) -> [StoredCookie] {
        guard let host = CookieMatching.host(of: url) else {
            return []
        }
        let path = CookieMatching.path(of: url)
        let isSecureURL = url.scheme?.lowercased() == "https"
        return byKey.values.filter { cookie in
            !cookie.isExpired(at: now) && (!cookie.isSecure || isSecureURL)
                && (cookie.isHostOnly ? host == cookie.domain : CookieMatching.domainMatches(host, cookie.domain))
                && CookieMatching.pathMatches(path, cookie.path)
        }
        .sorted { lhs, rhs in
            lhs.path.utf8.count != rhs.path.utf8.count
                ? lhs.path.utf8.count > rhs.path.utf8.count : Self.isOlder(lhs, rhs)
        }
    }

    /// A public cookie's domain as the jar keys it (lower-cased, no leading dot) and whether it is host-only
    /// (no leading dot).
    static func canonicalDomain(_ domain: String) -> (name: String, isHostOnly: Bool) {
        let isHostOnly = !domain.hasPrefix(".")
        var name = (isHostOnly ? domain[...] : domain.dropFirst()).lowercased()
        if name.hasPrefix("["), name.hasSuffix("]") {
            name = String(name.dropFirst().dropLast())
        }
        return (name, isHostOnly)
    }

    /// Creation order.
    static func isOlder(_ lhs: StoredCookie, _ rhs: StoredCookie) -> Bool {
        lhs.created != rhs.created ? lhs.created < rhs.created : lhs.sequence < rhs.sequence
    }

    /// Evicts (§5.3 end) the expired cookies, then the oldest of `domain` beyond ``maximumPerDomain``, then the
    /// oldest of all beyond ``maximumCount``.
    private mutating func enforceLimits(for domain: String, now: Date) {
        let sameDomain = byKey.values.filter { $0.domain == domain }
        guard sameDomain.count > Self.maximumPerDomain || byKey.count > Self.maximumCount else {
            return
        }
        purge(now: now)
        let domainCookies = byKey.values.filter { $0.domain == domain }.sorted(by: Self.isOlder)
        for cookie in domainCookies.dropLast(Self.maximumPerDomain) {
            byKey[cookie.key] = nil
        }
        if byKey.count > Self.maximumCount {
            for cookie in byKey.values.sorted(by: Self.isOlder).dropLast(Self.maximumCount) {
                byKey[cookie.key] = nil
            }
        }
    }
}
