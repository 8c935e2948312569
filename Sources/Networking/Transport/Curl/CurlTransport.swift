public import Foundation

/// The default transport: libcurl driven from one event-loop thread, with certificate pinning checked by
/// OpenSSL inside the TLS handshake of the very connection that carries the request.
///
/// One `curl_multi` handle on a dedicated thread serves every request of the transport, so connections
/// (HTTP/1.1 keep-alive, HTTP/2 over TLS) are reused across requests and repositories. Requests never block
/// Swift's cooperative threads; cancelling the awaiting task removes the transfer at once.
///
/// ```swift
/// let transport = CurlTransport.shared
/// let response = try await transport.send(HTTPRequest(method: .get, url: url, timeout: 10))
/// ```
///
/// Redirects (301, 302, 303, 307, 308 with a `Location`) are followed by the transport itself, at most 10:
/// an https → http redirect is refused before anything is sent (``TransportError/Code/insecureRedirect``),
/// `Authorization` and `Cookie` are dropped when the scheme, host or port changes, 303 (and 301/302 after
/// POST) become a GET without body, and the request's pinning and remaining timeout apply to every hop. With a
/// cookie jar (``NetworkingConfiguration/cookieStorage``), each redirect's `Set-Cookie`s are stored and each hop
/// carries the jar's cookies for its own URL.
///
/// A pinned request (``HTTPRequest/pinning``) needs https. Its connection is accepted only when the served
/// chain validates up to a pinned certificate, or to a served certificate whose public key is pinned, and the
/// host name matches; otherwise it fails with ``PinningFailure`` before any request byte is sent. Connections
/// are never shared between differently pinned requests, and each is checked again before every request.
public final class CurlTransport: HTTPTransport {
    /// The transport repositories share, so connections are reused across them.
    public static let shared = CurlTransport()

    /// The `User-Agent` sent unless a request sets its own: `Networking/<version>`.
    public static let userAgent = NetworkingVersion.userAgent

    /// The default response-size ceiling: 64 MiB.
    public static let defaultMaximumResponseSize = 64 << 20

    /// The largest response (header and body bytes after decompression) a request may receive; a larger one
    /// fails with ``TransportError/Code/responseTooLarge`` instead of exhausting memory. A header section
    /// larger than 256 KiB fails the same way, whatever this ceiling.
    public let maximumResponseSize: Int

    /// The DNS-over-HTTPS resolver (RFC 8484) that looks up host names instead of the system's resolver, or `nil`
    /// for the system's. libcurl sends it the queries over HTTPS and never falls back to the system's resolver:
    /// a name it cannot resolve fails with ``TransportError/Code/hostNotFound``. Pinned requests are refused on
    /// such a transport (``RepositoryError/invalidParameters(_:)``, nothing sent), because libcurl would check
    /// the resolver's certificate against the request's pins too, and fail.
    public let dnsOverHTTPS: URL?

    /// The most connections open to one host (scheme, name and port) at a time, or `nil` (the default) for no
    /// limit. Requests beyond it wait in libcurl's queue for a free connection, their timeout running (a request
    /// still waiting when it runs out fails with ``RepositoryError/timeout``); HTTP/2 requests share connections
    /// anyway. An open ``WebSocket`` holds one of these connections until it closes.
    public let maximumConnectionsPerHost: Int?

    private let loop: CurlEventLoop?
    private let loopError: TransportError?

    /// The number of transfers in flight (submitted to libcurl and not yet finished). It returns to 0 once
    /// every request has completed, failed or been cancelled.
    public var liveTransferCount: Int {
        loop?.liveTransferCount ?? 0
    }

    /// The transport's event-loop thread as a task executor, or `nil` when libcurl could not start the loop.
    ///
    /// Code that prefers it runs on the thread that drives libcurl: each request it sends is handed over and resumed
    /// on that same thread, with no thread hop and no wake-up, so sequential calls approach a raw libcurl loop (see
    /// BENCHMARKS.md). Run a loop of calls, or a group of concurrent ones, inside the preference:
    ///
    /// ```swift
    /// let books = await withTaskExecutorPreference(CurlTransport.shared.executor) {
    ///     var books: [Book] = []
    ///     for id in ids {
    ///         if case .success(let book) = await repository.fetchBook(id: id) { books.append(book) }
    ///     }
    ///     return books
    /// }
    /// ```
    ///
    /// Nonisolated code in the scope (your code between the calls too), and ordinary actors it calls, run on the one
    /// thread that serves every request of the transport, so keep it short and never block it (no semaphores, no
    /// synchronous I/O): while it runs, no transfer moves. Bodies of 256 KiB or more are decoded off that thread (on
    /// the global concurrent executor; the task comes back for its next request). Code isolated to the main actor, or
    /// to an actor with its own executor, still runs there. Without a preference (the default), requests hop to the
    /// loop thread and back, which is safe for any caller.
    public var executor: (any TaskExecutor)? {
        loop
    }

    /// Creates a transport with its own connection pool and event-loop thread.
    ///
    /// ```swift
    /// let transport = CurlTransport(dnsOverHTTPS: URL(string: "https://dns.example.net/dns-query"))
    /// ```
    /// - Parameters:
    ///   - maximumResponseSize: The response-size ceiling in bytes; default 64 MiB.
    ///   - dnsOverHTTPS: The DNS-over-HTTPS resolver to look host names up with (see ``dnsOverHTTPS``); `nil`, the
    ///     default, uses the system's resolver.
    ///   - maximumConnectionsPerHost: The most connections to one host at a time (at least 1); `nil`, the
    ///     default, for no limit.
    public init(
        maximumResponseSize: Int = CurlTransport.defaultMaximumResponseSize, dnsOverHTTPS: URL? = nil,
        maximumConnectionsPerHost: Int? = nil
    ) {
        self.maximumResponseSize = max(0, maximumResponseSize)
        self.dnsOverHTTPS = dnsOverHTTPS
        self.maximumConnectionsPerHost = maximumConnectionsPerHost.map { max(1, $0) }
        do {
            loop = try CurlEventLoop(maximumConnectionsPerHost: self.maximumConnectionsPerHost)
            loopError = nil
        } catch {
            loop = nil
            loopError = error as? TransportError ?? TransportError(code: .other, message: "\(error)")
        }
    }

    /// Creates a transport with the default response-size ceiling.
    public convenience init() {
        self.init(maximumResponseSize: Self.defaultMaximumResponseSize)
    }

    deinit {
        loop?.stop()
    }

    /// Sends the request, following redirects, and returns the final response whatever its status.
    /// - Parameter request: The request.
    /// - Returns: The final response.
    /// - Throws: ``TransportError``, ``PinningFailure``, `CancellationError`, ``RepositoryError/timeout``
    ///   when the whole request (redirects included) exceeds `request.timeout`, or
    ///   ``RepositoryError/invalidParameters(_:)`` for a request that cannot be sent as it is (a line break in a
    ///   header value, pinning on a transport with ``dnsOverHTTPS``).
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        if let upgrade = request.webSocketUpgrade {
            return try await openWebSocket(request, upgrade: upgrade)  // no redirect is followed for an upgrade
        }
        let pins = try Self.loadPins(of: request)
        let budget = request.timeout.isFinite ? max(request.timeout, 0) : 1e9
        let deadline = ContinuousClock.now + .milliseconds(CurlTransfer.milliseconds(budget))
        return try await follow(request, from: request, deadline: deadline, pins: pins, redirects: 0)
    }

    /// Sends one hop of `original` and follows its redirects, each hop in what is left of the time until `deadline`.
    /// A hop is passed as it is (the common case, no redirect, copies no request).
    private nonisolated(nonsending) func follow(
        _ current: HTTPRequest, from original: HTTPRequest, deadline: ContinuousClock.Instant, pins: PinSet?,
        redirects: Int
    ) async throws -> HTTPResponse {
        let remaining = ContinuousClock.now.duration(to: deadline)
        guard remaining > .zero else {
            throw RepositoryError.timeout
        }
        let timeout = Double(remaining.components.seconds) + Double(remaining.components.attoseconds) / 1e18
        let response = try await perform(current, timeout: timeout, pins: pins)
        guard current.followsRedirects, var next = try RedirectPolicy.nextRequest(after: response, of: current) else {
            return response  // a cookie jar's stage stores the final response's cookies
        }
        if let jar = current.cookieStorage {
            // Cookie jar (CookieJarStage): keep this redirect's cookies, and send the next hop the jar's cookies
            // for its URL, after the caller's only while the origin stays the same (RedirectPolicy dropped the
            // caller's header on an origin change).
            jar.store(response)
            if RedirectPolicy.origin(of: current.url) != RedirectPolicy.origin(of: next.url) {
                next.callerCookie = nil
            }
            next.attachJarCookies()
        }
        guard redirects < RedirectPolicy.maximumRedirects else {
            throw TransportError(
                code: .tooManyRedirects,
                message: "\(original.url.absoluteString) redirected more than \(RedirectPolicy.maximumRedirects) times")
        }
        return try await follow(next, from: original, deadline: deadline, pins: pins, redirects: redirects + 1)
    }

    /// The event loop, or `nil` when libcurl could not create one (``loopFailure`` says why).
    var eventLoop: CurlEventLoop? { loop }

    /// Why there is no event loop.
    var loopFailure: any Error {
        loopError ?? TransportError(code: .other, message: "the transport has no event loop")
    }

    /// The request's pinned set, loaded once per ``PinnedCertificates`` value.
    static func pins(of request: HTTPRequest) throws(PinningFailure) -> PinSet? {
        try loadPins(of: request)
    }

    /// Loads (once per ``PinnedCertificates`` value) the request's pinned set; no request is sent on failure.
    private static func loadPins(of request: HTTPRequest) throws(PinningFailure) -> PinSet? {
        guard let pinning = request.pinning else {
            return nil
        }
        do {
            return try pinning.loadPinSet()
        } catch {
            throw PinningFailure(
                host: request.url.host ?? "", servedPins: error.servedPins, expectedPins: error.expectedPins,
                reason: error.reason)
        }
    }

    /// Sends one hop, within `timeout` seconds.
    private nonisolated(nonsending) func perform(_ request: HTTPRequest, timeout: TimeInterval, pins: PinSet?)
        async throws
        -> HTTPResponse
    {
        guard let loop else {
            throw loopError ?? TransportError(code: .other, message: "the transport has no event loop")
        }
        let scheme = request.url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw TransportError(
                code: .other, message: "\(request.url.absoluteString) is not an http or https URL")
        }
        if let pins, scheme != "https" {
            throw PinningFailure(
                host: request.url.host ?? "", servedPins: [], expectedPins: pins.pins,
                reason: "\(request.url.absoluteString) is not https, so its server cannot be pinned")
        }
        if pins != nil, let dnsOverHTTPS {
            // libcurl hands the request's TLS settings (its CA blob and handshake callback) to the resolver's
            // connections, so the resolver's certificate would be checked against the pins and fail.
            throw RepositoryError.invalidParameters(
                "\(request.url.absoluteString) is pinned, and its transport resolves names over HTTPS "
                    + "(\(dnsOverHTTPS.absoluteString)), whose certificate libcurl would check against the same pins; "
                    + "send pinned requests through a transport without dnsOverHTTPS")
        }
        try Task.checkCancellation()
        let transfer = try CurlTransfer(
            request: request, timeout: timeout, pinCheck: pins.map { PinCheck(pins: $0, host: request.url.host ?? "") },
            maximumResponseSize: maximumResponseSize, dnsOverHTTPS: dnsOverHTTPS, handles: loop.handles)
        return try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                transfer.start(continuation, on: loop)
            }
        } onCancel: {
            transfer.cancel(on: loop)
        }
    }
}
