import Foundation

/// Where a response is stored: method and URL (query included), and the request's `Authorization` hashed so
/// that two users' responses never mix. ``name`` is what storages file it under.
struct CacheKey: Sendable, Hashable {
    /// `<sha256(method url)>-<sha256(authorization)>`, hex: safe as a file name, and the prefix before `-`
    /// finds every user's entry for a URL (invalidation).
    let name: String

    /// The key of `request`.
    init(_ request: HTTPRequest) {
        self.init(method: request.method, url: request.url, authorization: request.headers["Authorization"])
    }

    /// The key of a request for `url` with `method` and `authorization`.
    init(method: HTTPMethod, url: URL, authorization: String?) {
        let credentials = authorization.map { "authorization " + $0 } ?? "anonymous"
        name = Self.prefix(method: method, url: url) + OpenSSLDigest.sha256Hex(credentials)
    }

    /// The start of the name of every key for `method` and `url`, whoever asked.
    static func prefix(method: HTTPMethod, url: URL) -> String {
        OpenSSLDigest.sha256Hex(method.rawValue + " " + url.absoluteString) + "-"
    }
}
