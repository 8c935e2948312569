public import Foundation

/// A request as handed to an ``HTTPTransport``: fully built, encoded and ready to send.
public struct HTTPRequest: Sendable {
    /// The method.
    public var method: HTTPMethod
    /// The absolute URL, query included.
    public var url: URL
    /// The header fields.
    public var headers: HTTPHeaders
    /// The body, or `nil` for none.
    public var body: Data?
    /// The whole-request budget in seconds.
    public var timeout: TimeInterval
    /// The certificates TLS connections for this request must present, or `nil` for no pinning.
    public var pinning: PinnedCertificates?

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
