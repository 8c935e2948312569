import Foundation

/// Where a response is stored: method and URL (query included), and the request's `Authorization` hashed so
/// that two users' responses never mix. ``name`` is what storages file it under.
struct CacheKey: Sendable, Hashable {
    /// `<sha256(method url)>-<sha256(authorization)>`, hex: safe as a file name, and the prefix before `-`
    /// finds every user's entry for a URL (invalidation).
    let name: String

    /// The key of `request`.
    init(_ request: HTTPRequest) {
        self.init(
            method: request.method, url: request.url, authorization: request.headers["Authorization"],
            cookie: request.headers["Cookie"])
    }

    /// The key of a request for `url` with `method`, `authorization` and `cookie`: a response to a request that
    /// carried a session cookie is filed under that cookie, so another user's session never gets it.
    init(method: HTTPMethod, url: URL, authorization: String?, cookie: String? = nil) {
        let credentials: String
        switch (authorization, cookie) {
        case (nil, nil): credentials = Self.anonymous
        case (let authorization?, nil): credentials = SHA256.hexHash("authorization " + authorization)
        default:
            credentials = SHA256.hexHash(
                "authorization " + (authorization ?? "") + "\ncookie " + (cookie ?? ""))
        }
        name = Self.prefix(method: method, url: url) + credentials
    }

    /// The second half of the name of a request without `Authorization`, hashed once.
    private static let anonymous = SHA256.hexHash("anonymous")

    /// The start of the name of every key for `method` and `url`, whoever asked.
    static func prefix(method: HTTPMethod, url: URL) -> String {
        let text = method.rawValue + " " + url.absoluteString
        if let known = recentPrefixes.withLock({ $0[text] }) {
            return known
        }
        let prefix = SHA256.hexHash(text) + "-"
        recentPrefixes.withLock { recent in
            if recent.count >= recentPrefixLimit {
                recent.removeAll(keepingCapacity: true)
            }
            recent[text] = prefix
        }
        return prefix
    }

    /// The prefixes of the URLs looked up lately: a hit then costs a dictionary lookup, not a SHA-256 (about a
    /// microsecond, a fifth of a hit). Bounded: emptied when full.
    private static let recentPrefixes = Locked<[String: String]>([:])
    private static let recentPrefixLimit = 1024
}
