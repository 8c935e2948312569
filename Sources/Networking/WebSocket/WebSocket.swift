public import Foundation

/// A WebSocket client connection (RFC 6455) on libcurl and wslay, pinned like every request.
///
/// libcurl opens the connection (`CURLOPT_CONNECT_ONLY`) on ``CurlTransport``'s event loop, so DNS, proxies
/// (tunnelled), timeouts and certificate pinning apply exactly as for HTTP: a pinning failure is
/// ``RepositoryError/pinningFailure(_:)`` with no byte of the upgrade sent. The upgrade is HTTP/1.1; wslay frames,
/// masks, reassembles fragments, answers pings and checks UTF-8. The socket is waited on by the transport's event-loop
/// thread, so an open socket costs no thread and no polling task.
///
/// ```swift
/// let socket = try await WebSocket.connect(to: URL(string: "wss://push.example.com/feed")!,
///                                          pinning: .bundle(.main)).get()
/// _ = await socket.send(.text(#"{"subscribe": "books"}"#))
/// for try await message in socket.messages {
///     if case .text(let text) = message { print(text) }
/// }
/// await socket.close()
/// ```
///
/// **Messages.** ``messages`` yields every message in arrival order, each once; it ends when the peer closes (any
/// code) or after ``close(code:reason:)``, and throws when the connection breaks
/// (``RepositoryError/noNetworkConnection(_:)``), when the peer breaks the protocol (1002), sends invalid UTF-8
/// (1007) or a message larger than `maximumMessageSize` (1009: the socket is closed with that code), or stops
/// answering a ``ping()`` (``RepositoryError/timeout``). Messages that arrive before ``messages`` is read are kept.
///
/// **Back-pressure.** At most 1,024 messages or 4 MiB of them (one larger message always fits) wait to be read;
/// while that buffer is full the socket is not read at all, so TCP flow control slows the peer and nothing is
/// dropped. Pings and closes from the peer are then answered once the reader catches up, and a ``ping()`` may time
/// out meanwhile.
///
/// Dropping the last reference to a socket (and to its ``messages``) closes it with 1001 (going away).
public final class WebSocket: Sendable {
    let connection: CurlWebSocketConnection

    /// The socket's URL (ws or wss).
    public let url: URL

    init(connection: CurlWebSocketConnection) {
        self.connection = connection
        self.url = connection.url
    }

    deinit {
        connection.requestClose(code: 1001, reason: "")
    }

    /// Opens a WebSocket to `url` through ``CurlTransport/shared``, outside any repository (no session token, no
    /// interceptors, no logging; a repository's ``AbstractRepository/openWebSocket(path:headers:protocols:maximumMessageSize:)``
    /// has those).
    ///
    /// ```swift
    /// let socket = try await WebSocket.connect(to: URL(string: "ws://127.0.0.1:8080/echo")!).get()
    /// ```
    /// - Parameters:
    ///   - url: A ws or wss URL (http and https are accepted as the same).
    ///   - headers: Extra upgrade-request headers (not `Upgrade`, `Connection`, `Host` or `Sec-WebSocket-*`).
    ///   - protocols: The subprotocols to offer, preferred first; ``selectedProtocol`` is the server's choice.
    ///   - pinning: The certificates the server must present (wss only), or `nil`.
    ///   - timeout: The longest the connection and upgrade may take, and a ping may wait for its pong.
    ///   - maximumMessageSize: The largest message accepted; a larger one closes the socket with 1009.
    /// - Returns: The open socket; ``RepositoryError/unauthenticatedSession(_:)`` for a 401 answer,
    ///   ``RepositoryError/requestError(_:)`` (with the body) for any other refusal,
    ///   ``RepositoryError/pinningFailure(_:)``, ``RepositoryError/timeout``, ``RepositoryError/cancelled``, or
    ///   ``RepositoryError/noNetworkConnection(_:)`` for a failed connection or an invalid upgrade answer.
    public static func connect(
        to url: URL, headers: [String: String] = [:], protocols: [String] = [], pinning: PinnedCertificates? = nil,
        timeout: TimeInterval = 75, maximumMessageSize: Int = 16 << 20
    ) async -> Result<WebSocket, RepositoryError> {
        await connect(
            to: url, headers: headers, protocols: protocols, pinning: pinning, timeout: timeout,
            maximumMessageSize: maximumMessageSize, transport: .shared)
    }

    /// Opens a WebSocket to `url` on `transport`'s event loop and connection settings (its resolver, its limit of
    /// connections per host), as ``connect(to:headers:protocols:pinning:timeout:maximumMessageSize:)`` does on the
    /// shared transport.
    /// - Parameters:
    ///   - url: A ws or wss URL (http and https are accepted as the same).
    ///   - headers: Extra upgrade-request headers.
    ///   - protocols: The subprotocols to offer, preferred first.
    ///   - pinning: The certificates the server must present (wss only), or `nil`.
    ///   - timeout: The longest the connection and upgrade may take, and a ping may wait for its pong.
    ///   - maximumMessageSize: The largest message accepted.
    ///   - transport: The transport whose event loop drives the socket.
    /// - Returns: The open socket, or the error (as for the shared transport).
    public static func connect(
        to url: URL, headers: [String: String] = [:], protocols: [String] = [], pinning: PinnedCertificates? = nil,
        timeout: TimeInterval = 75, maximumMessageSize: Int = 16 << 20, transport: CurlTransport
    ) async -> Result<WebSocket, RepositoryError> {
        guard let httpURL = httpURL(for: url) else {
            return .failure(.invalidURL("\(url.absoluteString) is not a ws or wss URL"))
        }
        var request = HTTPRequest(method: .get, url: httpURL, headers: HTTPHeaders(headers), timeout: timeout)
        request.pinning = pinning
        let upgrade = WebSocketUpgrade(protocols: protocols, maximumMessageSize: maximumMessageSize, trace: nil)
        request.webSocketUpgrade = upgrade
        do {
            let response = try await transport.send(request)
            return open(upgrade, answer: StatusValidation.validate(response, of: request), transport: "CurlTransport")
        } catch {
            upgrade.take()?.requestClose(code: 1001, reason: "")
            return .failure(RequestPipeline.map(error))
        }
    }

    /// The socket of a validated upgrade answer.
    static func open(_ upgrade: WebSocketUpgrade, answer: Result<HTTPResponse, RepositoryError>, transport: String)
        -> Result<WebSocket, RepositoryError>
    {
        switch answer {
        case .success(let response) where response.statusCode != 101:
            // A 2xx is not an upgrade: the server answered as to a plain GET.
            return .failure(.requestError(ResponseError(response)))
        case .success:
            guard let connection = upgrade.take() else {
                return .failure(
                    .invalidParameters(
                        "the transport (\(transport)) cannot open WebSockets: configure the repository with a "
                            + "CurlTransport"))
            }
            return .success(WebSocket(connection: connection))
        case .failure(let error):
            upgrade.take()?.requestClose(code: 1001, reason: "")
            return .failure(error)
        }
    }

    /// The subprotocol the server selected among those offered, or `nil`.
    public var selectedProtocol: String? {
        connection.negotiatedProtocol.withLock { $0 }
    }

    /// The socket's messages in arrival order: ends without an error at a close, throws when the connection fails
    /// (see the type's discussion). Every access reads the same messages, each once; a reading task that is
    /// cancelled gets `CancellationError` and the socket stays open for the next reader.
    public var messages: AsyncThrowingStream<WebSocketMessage, any Error> {
        // The stream keeps the socket (not only its inbox), so that a socket someone reads stays open.
        AsyncThrowingStream(unfolding: { [self] in try await connection.inbox.next() })
    }

    /// Sends a message. It returns at once while less than 1 MiB of earlier messages waits to be written (the
    /// message is then queued, in order), and otherwise once it was written to the socket, so a sender that awaits
    /// each send is slowed to the pace of a peer that reads slowly. A success means queued, not delivered: a
    /// connection that breaks afterwards makes ``messages`` throw.
    /// - Parameter message: The message (text is sent as one text frame, binary as one binary frame).
    /// - Returns: Success, or the connection's error (``RepositoryError/noNetworkConnection(_:)`` once closed).
    public func send(_ message: WebSocketMessage) async -> Result<Void, RepositoryError> {
        await connection.send(message)
    }

    /// Sends a ping and returns when its pong arrives. A peer that does not answer within the socket's timeout is
    /// dead: the result is ``RepositoryError/timeout`` and ``messages`` throws the same.
    public func ping() async -> Result<Void, RepositoryError> {
        await connection.ping()
    }

    /// Runs the closing handshake: sends a close frame and waits for the peer's (at most 5 s, or the socket's
    /// timeout if shorter), then closes the connection. ``messages`` then ends after the messages already received.
    /// - Parameters:
    ///   - code: The close code: 1000 (normal), 1001, 1003, 1007–1011 or 3000–4999; any other is sent as 1000.
    ///   - reason: A short reason, cut to 123 UTF-8 bytes.
    public func close(code: Int = 1000, reason: String = "") async {
        await connection.close(code: code, reason: reason)
    }

    /// Queues a message without waiting, in the order of the calls (for a protocol whose commands must keep their
    /// order, as the GOM observer's subscribe and unsubscribe); a closed socket drops it.
    /// - Parameter message: The message.
    package func post(_ message: WebSocketMessage) {
        connection.post(message)
    }

    /// Drops the connection at once, without a closing handshake (a peer found dead needs no goodbye):
    /// ``messages`` throws `error`, pending sends and pings fail with it.
    /// - Parameter error: What the stream throws, ``RepositoryError/timeout`` for a dead peer.
    package func abort(with error: RepositoryError) {
        connection.abort(error)
    }

    /// The close code the peer sent (1005 when its close frame had none), once its close frame arrived.
    public var closeCode: Int? {
        connection.closeStatus.withLock { $0?.code }
    }

    /// The close reason the peer sent, once its close frame arrived.
    public var closeReason: String? {
        connection.closeStatus.withLock { $0?.reason }
    }

    /// Whether `code` may be sent in a close frame (RFC 6455 §7.4).
    static func isSendableCloseCode(_ code: Int) -> Bool {
        [1000, 1001, 1002, 1003, 1007, 1008, 1009, 1010, 1011].contains(code) || (3000...4999).contains(code)
    }

    /// The http or https URL libcurl connects to for a ws or wss URL (http and https pass through); `nil` for any
    /// other scheme.
    static func httpURL(for url: URL) -> URL? {
        let schemes = ["ws": "http", "wss": "https", "http": "http", "https": "https"]
        guard let scheme = url.scheme?.lowercased(), let mapped = schemes[scheme],
            var components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        else {
            return nil
        }
        components.scheme = mapped
        components.fragment = nil
        return components.url
    }

    /// The ws or wss URL of an http or https URL, for messages.
    static func webSocketURL(for url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else {
            return url
        }
        switch components.scheme?.lowercased() {
        case "http": components.scheme = "ws"
        case "https": components.scheme = "wss"
        default: break
        }
        return components.url ?? url
    }
}
