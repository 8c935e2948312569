public import Foundation
import Networking

/// An HTTP/1.1 server on 127.0.0.1, plain or TLS, that answers with routed, dispatched or queued
/// ``MockResponse``s and records every request, for tests that run real sockets.
///
/// It binds an ephemeral port, accepts on its own thread and serves each connection on its own
/// thread with keep-alive. A request is answered by its path's route (``route(_:_:)``,
/// ``route(_:failingFirst:with:then:)``), else by the ``dispatcher``, else by the next queued response;
/// with none of them it answers `404 Not Found` with a plain-text body saying so, at once. WebSocket upgrades to
/// the paths set with ``webSocket(_:upgrade:handler:)`` open a socket served by a handler instead.
///
/// ```swift
/// let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
/// defer { server.shutdown() }
/// server.enqueue(MockResponse(status: 200, json: #"{"id": 1}"#))
/// // … send a request to server.baseURL.appending(path: "books/1") …
/// let recorded = try await server.takeRequest(timeout: 2)
/// #expect(recorded.path == "/books/1")
/// ```
public final class MockServer: Sendable {
    let core: MockServerCore

    /// The port the server listens on.
    public let port: Int
    /// `http://127.0.0.1:<port>`, or `https://…` with TLS.
    public let baseURL: URL
    /// The certificate served with TLS, or `nil` for plain HTTP.
    public let certificate: TestCertificate?
    /// The extra certificates sent after ``certificate`` in the TLS handshake, in order (empty unless given
    /// to ``init(tls:chain:)``).
    public let chain: [TestCertificate]

    /// Starts a server on 127.0.0.1 on an ephemeral port.
    /// - Parameter tls: The certificate and key to serve TLS with (1.2 or later, ALPN `http/1.1`);
    ///   `nil` for plain HTTP.
    /// - Throws: ``MockServerError`` when the socket cannot be bound or TLS cannot be configured.
    public convenience init(tls: TestCertificate? = nil) throws {
        try self.init(certificate: tls, chain: [])
    }

    /// Starts a TLS server on 127.0.0.1 on an ephemeral port that sends `chain` after its certificate, as a
    /// server behind an intermediate certificate authority does.
    ///
    /// ```swift
    /// let root = try TestCertificate.authority(commonName: "Test Root CA")
    /// let intermediate = try root.issueAuthority(commonName: "Test Intermediate CA")
    /// let leaf = try intermediate.issueLeaf(commonName: "localhost")
    /// let server = try MockServer(tls: leaf, chain: [intermediate])
    /// ```
    /// The chain is sent as given, neither checked nor completed, so a test can also send a broken one.
    /// - Parameters:
    ///   - tls: The certificate and key to serve TLS with.
    ///   - chain: The certificates to send after it (only their certificates are used, not their keys).
    /// - Throws: ``MockServerError`` when the socket cannot be bound or TLS cannot be configured.
    public convenience init(tls: TestCertificate, chain: [TestCertificate]) throws {
        try self.init(certificate: tls, chain: chain)
    }

    private init(certificate tls: TestCertificate?, chain: [TestCertificate]) throws {
        let context = try tls.map { try MockServerTLS(certificate: $0, chain: chain) }
        let (listener, port) = try MockServerSocket.listen()
        let scheme = tls == nil ? "http" : "https"
        guard let url = URL(string: "\(scheme)://127.0.0.1:\(port)") else {
            _ = MockServerSocket.closeListener(listener)
            throw MockServerError(code: .socket, message: "no URL for port \(port)")
        }
        self.core = MockServerCore(listener: listener, tls: context)
        self.port = port
        self.baseURL = url
        self.certificate = tls
        self.chain = tls == nil ? [] : chain
        core.start()
    }

    deinit {
        core.stop()
    }

    /// The served certificate, DER-encoded, or `nil` for plain HTTP.
    public var certificateDER: Data? {
        certificate?.der
    }

    /// The URL of `path` on this server, for example `url("/books?page=2")`.
    /// - Parameter path: A path starting with `/`, optionally with a query.
    /// - Returns: The absolute URL (``baseURL`` when `path` does not form a valid URL).
    public func url(_ path: String) -> URL {
        URL(string: baseURL.absoluteString + (path.hasPrefix("/") ? path : "/" + path)) ?? baseURL
    }

    /// Adds a response to the end of the queue; queued responses answer requests in order
    /// when no ``dispatcher`` is set.
    /// - Parameter response: The response.
    public func enqueue(_ response: MockResponse) {
        core.state.withLock { $0.queue.append(response) }
    }

    /// Answers every request without a route when set, instead of the queue; called on a connection thread.
    /// ``shutdown()`` clears it, which also breaks the cycle of a dispatcher that captures the server.
    public var dispatcher: (@Sendable (RecordedRequest) -> MockResponse)? {
        get { core.state.withLock { $0.dispatcher } }
        set { core.state.withLock { $0.dispatcher = newValue } }
    }

    /// The number of responses still queued.
    public var queuedResponseCount: Int {
        core.state.withLock { $0.queue.count }
    }

    /// Every request recorded so far, in order, whether taken or not.
    public var recordedRequests: [RecordedRequest] {
        core.state.withLock { $0.requests }
    }

    /// The number of requests received so far (malformed ones answered 400 are not counted).
    public var requestCount: Int {
        core.state.withLock { $0.requests.count }
    }

    /// The number of TCP connections accepted so far, including those whose TLS handshake failed.
    public var connectionCount: Int {
        core.state.withLock { $0.connectionCount }
    }

    /// The number of TLS handshakes completed so far; 0 for plain HTTP. A client that reuses a kept-alive
    /// connection does not handshake again, so this counts TLS connections, not requests.
    public var handshakeCount: Int {
        core.state.withLock { $0.handshakeCount }
    }

    /// The number of TLS handshakes that did not complete: the client refused the certificate (a pinning
    /// or verification failure), sent something other than TLS, or closed the connection or went silent
    /// before the end of the handshake. 0 for plain HTTP. A refused handshake is counted when the server
    /// has read the client's alert, which may be just after the client's call returned: poll for it.
    public var failedHandshakeCount: Int {
        core.state.withLock { $0.failedHandshakeCount }
    }

    /// The application bytes received so far: the HTTP bytes read (and the WebSocket bytes after an upgrade),
    /// decrypted with TLS. Bytes of a TLS handshake are not counted, so a client that fails the handshake leaves
    /// this unchanged.
    public var bytesReceived: Int {
        core.state.withLock { $0.bytesReceived }
    }

    /// The response body bytes written so far (payload only: no status line, header fields or chunk framing), so
    /// that a test can check that a revalidation (304) or a `HEAD` moved no body.
    public var bodyBytesSent: Int {
        core.state.withLock { $0.bodyBytesSent }
    }

    /// Returns the next request not yet taken, in arrival order, waiting for it if needed.
    ///
    /// Waiting sleeps the task in short steps, never blocking a thread of the cooperative pool.
    /// - Parameter timeout: The longest wait, in seconds.
    /// - Returns: The request.
    /// - Throws: ``MockServerError`` with code `.timeout` when none arrives in time;
    ///   `CancellationError` when the task is cancelled.
    public func takeRequest(timeout: TimeInterval = 5) async throws -> RecordedRequest {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, timeout) * 1000))
        while true {
            let next = core.state.withLock { state -> RecordedRequest? in
                guard state.taken < state.requests.count else { return nil }
                state.taken += 1
                return state.requests[state.taken - 1]
            }
            if let next {
                return next
            }
            guard ContinuousClock.now < deadline else {
                let taken = core.state.withLock { $0.taken }
                throw MockServerError(
                    code: .timeout,
                    message: "no request arrived at \(baseURL) within \(timeout) s (\(taken) taken before)")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }

    /// Stops the server: closes the listener and every connection (ending delays, throttles and
    /// stalls at once) and waits for its threads to finish. Idempotent; also run by `deinit`.
    public func shutdown() {
        core.stop()
    }
}
