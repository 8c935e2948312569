public import Foundation

/// An HTTP cookie (RFC 6265), as a ``CookieStorage`` keeps it and sends it back.
///
/// A ``domain`` that starts with a dot makes a domain cookie, sent to that host and every host under it; without
/// the dot the cookie is host-only, sent to that exact host. Cookies stored from a `Set-Cookie` follow the same
/// convention (the `Domain` attribute gives `".example.com"`; no attribute gives the host that answered), as
/// `HTTPCookie` does.
///
/// ```swift
/// let storage = CookieStorage.memory()
/// storage.add(Cookie(name: "theme", value: "dark", domain: ".example.com", expires: .now + 86_400))
/// storage.cookies(for: URL(string: "https://api.example.com/v1")!)   // [theme=dark]
/// ```
public struct Cookie: Sendable, Equatable {
    /// The name, never empty.
    public let name: String
    /// The value, as received.
    public let value: String
    /// The host (host-only cookie) or the dot-prefixed domain (domain cookie) it is sent to, lower-cased.
    public let domain: String
    /// The path it is sent under: requests whose path is this one or below it.
    public let path: String
    /// When it expires, or `nil` for a session cookie (kept in memory only, never written to a file).
    public let expires: Date?
    /// Whether it is sent over https only.
    public let isSecure: Bool
    /// Whether the server marked it `HttpOnly` (kept for information: every cookie here is an HTTP cookie).
    public let isHTTPOnly: Bool
    /// The `SameSite` attribute as the server wrote it (`Strict`, `Lax`, `None`), or `nil`.
    public let sameSite: String?

    /// Creates a cookie.
    /// - Parameters:
    ///   - name: The name.
    ///   - value: The value.
    ///   - domain: The host for a host-only cookie, or `".example.com"` for a domain cookie.
    ///   - path: The path it is sent under. Default `"/"`.
    ///   - expires: The expiry, or `nil` (the default) for a session cookie.
    ///   - isSecure: Whether it is sent over https only. Default `false`.
    ///   - isHTTPOnly: Whether it is marked `HttpOnly`. Default `false`.
    ///   - sameSite: The `SameSite` attribute, or `nil` (the default).
    public init(
        name: String, value: String, domain: String, path: String = "/", expires: Date? = nil,
        isSecure: Bool = false, isHTTPOnly: Bool = false, sameSite: String? = nil
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expires = expires
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
    }
}
