public import Foundation
import Networking

extension MockServer {
    /// Accepts WebSocket upgrades to `path` (a `GET` with `Upgrade: websocket` and a valid RFC 6455 handshake)
    /// and runs `handler` with the open socket on the connection's thread; when the handler returns, the server
    /// closes the socket, sending close 1000 first if neither side has closed yet and waiting briefly for the
    /// client's reply.
    ///
    /// ```swift
    /// let server = try MockServer()
    /// defer { server.shutdown() }
    /// server.webSocket("/echo")  // echoes every message until the client closes
    /// server.webSocket("/news", upgrade: .accept(protocol: "news.v1")) { peer in
    ///     _ = peer.send(.text("first"))
    ///     _ = peer.send(.binary(Data(count: 100_000)), fragmentSize: 16_384)
    ///     _ = peer.close(code: 1000, reason: "that is all")
    /// }
    /// // … a client connects to server.url("/news") with ws:// …
    /// let session = try #require(try await server.waitForWebSocketSessions(1).first)
    /// #expect(session.accepted)
    /// ```
    /// The upgrade request is recorded like any request (``recordedRequests``, ``requestCount``,
    /// ``takeRequest(timeout:)``) and starts a ``MockWebSocketSession``; it takes nothing from the queue and
    /// waits at no ``holdRequests(until:path:timeout:)`` barrier. A request to `path` without
    /// `Upgrade: websocket` is answered as usual (route, dispatcher, queue). An invalid upgrade request (no
    /// `Sec-WebSocket-Key` of 16 bytes, a version other than 13, no `Connection: Upgrade`, not a `GET`) is
    /// answered `400 Bad Request`. Setting a WebSocket route again for the same path replaces it;
    /// ``shutdown()`` removes every one, which also breaks the cycle of a handler that captures the server,
    /// and ends the handlers' waits within about 100 ms.
    /// - Parameters:
    ///   - path: The path to serve, compared with ``RecordedRequest/path`` (no query; a missing leading `/` is
    ///     added).
    ///   - upgrade: How to answer the upgrade request; accepting without a subprotocol by default.
    ///   - handler: Runs with the open socket once the upgrade is accepted; ``MockWebSocketPeer/echo`` by default.
    public func webSocket(
        _ path: String, upgrade: MockWebSocketUpgrade = .accept(),
        handler: @escaping @Sendable (MockWebSocketPeer) -> Void = MockWebSocketPeer.echo
    ) {
        let route = MockWebSocketRoute(upgrade: upgrade, handler: handler)
        // The replaced route is released outside the lock: a handler may hold the last server reference.
        let replaced = core.state.withLock { $0.webSocketRoutes.updateValue(route, forKey: Self.normalized(path)) }
        _ = replaced
    }

    /// Every upgrade request to a WebSocket path so far, accepted or not, in arrival order, as snapshots.
    public var webSocketSessions: [MockWebSocketSession] {
        core.state.withLock { $0.webSocketRecords.map(\.snapshot) }
    }

    /// Waits until at least `count` upgrade requests to WebSocket paths have arrived and returns the sessions.
    ///
    /// Waiting sleeps the task in short steps, never blocking a thread of the cooperative pool.
    /// - Parameters:
    ///   - count: How many sessions to wait for.
    ///   - timeout: The longest wait, in seconds.
    /// - Returns: Every session so far (at least `count`), as snapshots.
    /// - Throws: ``MockServerError`` with code `.timeout` when fewer arrive in time; `CancellationError` when the
    ///   task is cancelled.
    public func waitForWebSocketSessions(_ count: Int, timeout: TimeInterval = 5) async throws
        -> [MockWebSocketSession]
    {
        let deadline = ContinuousClock.now + .milliseconds(Int64(max(0, min(timeout, 86_400)) * 1000))
        while true {
            let sessions = webSocketSessions
            if sessions.count >= count {
                return sessions
            }
            guard ContinuousClock.now < deadline else {
                throw MockServerError(
                    code: .timeout,
                    message: "\(sessions.count) of \(count) WebSocket upgrade requests arrived at \(baseURL) "
                        + "within \(timeout) s")
            }
            try await Task.sleep(for: .milliseconds(5))
        }
    }
}
