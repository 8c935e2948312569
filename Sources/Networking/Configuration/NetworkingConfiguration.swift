public import Foundation

/// Everything a repository needs to know about the API it talks to, described once.
///
/// A configuration never crashes: invalid values are reported as ``RepositoryError/invalidURL(_:)``
/// or ``RepositoryError/invalidParameters(_:)`` by the first request, naming the field.
///
/// ```swift
/// let configuration = NetworkingConfiguration(
///     domainURL: "api.example.com",
///     subdomainURL: "/v1",
///     usePinningCertificate: true,
///     pinnedCertificates: .bundle(.module)
/// )
/// ```
public struct NetworkingConfiguration: Sendable {
    /// `true` for https, `false` for http. Default `true`.
    public var useSecureConnection: Bool
    /// The host name or IP literal, such as `"api.example.com"` or `"127.0.0.1"`.
    public var domainURL: String
    /// The port; `nil` (the default) uses the scheme's default port.
    public var port: Int?
    /// A path prefix for every request, starting with `"/"`, such as `"/api/v1"`. Default `nil`.
    public var subdomainURL: String?
    /// Whether every TLS connection must present one of ``pinnedCertificates``. Default `false`.
    public var usePinningCertificate: Bool
    /// Where the pinned DER certificates come from. Default `.bundle(.main)`.
    public var pinnedCertificates: PinnedCertificates
    /// The whole-request budget in seconds, from sending to the last byte. Default 75.
    public var timeout: TimeInterval
    /// The wait between two polls of ``AbstractRepository/performPollingRequest(method:path:parameters:headers:)``
    /// when the server sends no `Retry-After`. Default 1 second.
    public var secondsBetweenPolls: TimeInterval
    /// The most polls after the first request; `nil` (the default) means `timeout / secondsBetweenPolls`, rounded
    /// (0 when `secondsBetweenPolls` is 0: set it explicitly to poll without waiting).
    public var maximumPollingRetries: Int?
    /// The methods whose parameters are encoded in the URL query; other methods send a JSON body.
    /// Default `[.get, .head, .delete]`.
    public var encodeAsURL: Set<HTTPMethod>
    /// Called for every decoding failure of this configuration's repositories; `nil` (the default)
    /// falls back to the process-wide ``DecodedErrorHandler/decodedErrorHandler``.
    public var decodedErrorHandler: (@Sendable (DecodeFailure) -> Void)?
    /// The interceptors every request goes through after the session stage, outermost first: a
    /// ``RetryPolicy``, a header signer, yours. Default `[]`.
    public var interceptors: [any HTTPInterceptor]
    /// The monitors that see every attempt just before and after the transport. Default: the shared
    /// ``NetworkActivityLogger`` and ``NetworkActivityIndicatorManager``; give a configuration its own logger
    /// instance (its own level, output, filter) by replacing the shared one here.
    public var eventMonitors: [any RequestEventMonitor]
    /// Envelopes, error models and models by resource path (Overcoat's tables). Default: empty, so bodies
    /// decode whole and failing responses carry no error model.
    public var responseMapping: ResponseMapping
    /// The HTTP cache GET and HEAD responses are answered from and stored in (RFC 9111, a private cache), such
    /// as `.memory()` or `.disk(at:)`. Default `nil`: nothing is cached.
    public var cache: ResponseCache?
    /// The cookie jar: when set, responses' `Set-Cookie`s (redirects included) are stored in it and requests carry
    /// its matching cookies in a `Cookie` header, after any `Cookie` header of the call's own (RFC 6265). Share
    /// one storage between configurations to share their cookies. Default `nil`: no cookies stored or sent.
    ///
    /// ```swift
    /// configuration.cookieStorage = .memory()
    /// ```
    public var cookieStorage: CookieStorage?

    /// Creates a configuration.
    /// - Parameters:
    ///   - useSecureConnection: `true` for https (the default), `false` for http.
    ///   - domainURL: The host name or IP literal.
    ///   - port: The port, or `nil` for the scheme's default.
    ///   - subdomainURL: A path prefix starting with `"/"`, or `nil`.
    ///   - usePinningCertificate: Whether to pin TLS connections to `pinnedCertificates`.
    ///   - pinnedCertificates: Where the pinned DER certificates come from.
    ///   - timeout: The whole-request budget in seconds.
    ///   - secondsBetweenPolls: The wait between polls without `Retry-After`.
    ///   - maximumPollingRetries: The most polls, or `nil` for `timeout / secondsBetweenPolls`.
    ///   - encodeAsURL: The methods whose parameters go in the query.
    public init(
        useSecureConnection: Bool = true,
        domainURL: String,
        port: Int? = nil,
        subdomainURL: String? = nil,
        usePinningCertificate: Bool = false,
        pinnedCertificates: PinnedCertificates = .bundle(.main),
        timeout: TimeInterval = 75,
        secondsBetweenPolls: TimeInterval = 1,
        maximumPollingRetries: Int? = nil,
        encodeAsURL: Set<HTTPMethod> = [.get, .head, .delete]
    ) {
        self.useSecureConnection = useSecureConnection
        self.domainURL = domainURL
        self.port = port
        self.subdomainURL = subdomainURL
        self.usePinningCertificate = usePinningCertificate
        self.pinnedCertificates = pinnedCertificates
        self.timeout = timeout
        self.secondsBetweenPolls = secondsBetweenPolls
        self.maximumPollingRetries = maximumPollingRetries
        self.encodeAsURL = encodeAsURL
        self.decodedErrorHandler = nil
        self.interceptors = []
        self.eventMonitors = [NetworkActivityLogger.shared, NetworkActivityIndicatorManager.shared]
        self.responseMapping = ResponseMapping()
        self.cache = nil
        self.cookieStorage = nil
    }

    /// The number of polls allowed after the first request: ``maximumPollingRetries`` when set,
    /// else `timeout / secondsBetweenPolls` rounded.
    public var effectiveMaximumPollingRetries: Int {
        if let maximumPollingRetries {
            return maximumPollingRetries
        }
        guard secondsBetweenPolls > 0, timeout.isFinite else {
            return 0
        }
        let retries = (timeout / secondsBetweenPolls).rounded()
        return retries >= Double(Int.max) ? Int.max : Int(retries)
    }
}
