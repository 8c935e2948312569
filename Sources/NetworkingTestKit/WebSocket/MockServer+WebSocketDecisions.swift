import Networking

extension MockServer {
    /// Serves WebSocket upgrades to `path` as ``webSocket(_:upgrade:handler:)`` does, deciding how to answer each
    /// valid upgrade request when it arrives: to refuse some, count them, or hold them a while before answering.
    ///
    /// ```swift
    /// let refusing = Mutex(true)
    /// server.webSocket("/feed", deciding: { request in
    ///     Thread.sleep(forTimeInterval: 0.2)  // holds the upgrade: the client waits for its answer meanwhile
    ///     return refusing.withLock { $0 } ? .refuse(MockResponse(status: 503)) : .accept()
    /// })
    /// ```
    /// `decide` runs on the connection's thread after the request was recorded and found valid (an invalid one is
    /// answered `400 Bad Request` without asking); the client waits for the answer as long as it runs.
    /// - Parameters:
    ///   - path: The path to serve, as in ``webSocket(_:upgrade:handler:)``.
    ///   - decide: How to answer one upgrade request.
    ///   - handler: Runs with the open socket once an upgrade is accepted; ``MockWebSocketPeer/echo`` by default.
    public func webSocket(
        _ path: String, deciding decide: @escaping @Sendable (RecordedRequest) -> MockWebSocketUpgrade,
        handler: @escaping @Sendable (MockWebSocketPeer) -> Void = MockWebSocketPeer.echo
    ) {
        let route = MockWebSocketRoute(upgrade: .accept(), handler: handler, decide: decide)
        // The replaced route is released outside the lock: a handler may hold the last server reference.
        let replaced = core.state.withLock { $0.webSocketRoutes.updateValue(route, forKey: Self.normalized(path)) }
        _ = replaced
    }
}
