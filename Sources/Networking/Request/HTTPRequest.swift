public import Foundation

/// A request as handed to an ``HTTPTransport``: fully built, encoded and ready to send.
///
/// The body is one of ``multipart``, ``bodyFile`` or ``body``, in that order of precedence.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body held in memory, or `nil` for none. ``multipart`` and ``bodyFile`` take precedence over it.
    public var body: Data?
    /// A `multipart/form-data` body, streamed by ``CurlTransport`` with libcurl's MIME API (files read at send
    /// time); other transports can send ``MultipartFormData/encoded()``. Wins over ``bodyFile`` and ``body``.
    public var multipart: MultipartFormData?
    /// A file streamed as the raw body, read at send time (from the start, for every attempt). Wins over
    /// ``body``.
    public var bodyFile: URL?
    /// When set, ``CurlTransport`` writes a 2xx response's body into this file (created or truncated) as it
    /// arrives and returns the response with an empty body, so that memory stays flat whatever the size; the
    /// response-size ceiling does not apply to it. Other responses (errors, redirects) keep their body in memory,
    /// up to 1 MiB. Transports that do not stream return the body as usual.
    public var responseBodyFile: URL?
    /// Called as the body goes out, about 20 times a second at most, on the transport's thread: keep it quick.
    public var uploadProgress: (@Sendable (TransferProgress) -> Void)?
    /// Called as the response body comes in, about 20 times a second at most, on the transport's thread: keep it
    /// quick. `totalBytes` is `nil` without a `Content-Length`.
    public var downloadProgress: (@Sendable (TransferProgress) -> Void)?
    /// The whole-request budget in seconds.
    public var timeout: TimeInterval
    /// The certificates TLS connections for this request must present, or `nil` for no pinning.
    public var pinning: PinnedCertificates?
    /// The cookie jar of the call, set by ``CookieJarStage``: ``CurlTransport`` stores each redirect's
    /// `Set-Cookie`s in it and sends the next hop the jar's cookies for that hop's URL. `nil`: no jar.
    var cookieStorage: CookieStorage?
    /// The `Cookie` header the caller set, sent again (before the jar's cookies) on hops that keep the origin.
    var callerCookie: String?
    /// Set by ``AbstractRepository/openWebSocket(path:headers:protocols:maximumMessageSize:)``: the request is a
    /// WebSocket upgrade, which ``CurlTransport`` opens (no redirect followed, never cached) and whose connection it
    /// hands back through this slot.
    var webSocketUpgrade: WebSocketUpgrade?
    /// Whether ``CurlTransport`` follows a redirect answering this request (default `true`); when `false` the 3xx
    /// response is returned as it is.
    package var followsRedirects = true

    /// Creates a request.
    /// - Parameters:
    ///   - method: The method.
    ///   - url: The absolute URL.
    ///   - headers: The header fields.
    ///   - body: The body, or `nil`.
    ///   - timeout: The whole-request budget in seconds. Default 75.
    ///   - pinning: The pinned certificates, or `nil` for none.
    public init(
        method: HTTPMethod,
        url: URL,
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data? = nil,
        timeout: TimeInterval = 75,
        pinning: PinnedCertificates? = nil
    ) {
        self.method = method
        self.url = url
        self.headers = headers
        self.body = body
        self.timeout = timeout
        self.pinning = pinning
    }
}
