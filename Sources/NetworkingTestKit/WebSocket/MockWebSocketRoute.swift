/// What serves the WebSocket upgrades to one path: how to answer the upgrade, and the handler that runs with
/// the open socket.
struct MockWebSocketRoute {
    /// How the upgrade request is answered.
    let upgrade: MockWebSocketUpgrade
    /// Runs on the connection's thread with the open socket; the server closes it when the handler returns.
    let handler: @Sendable (MockWebSocketPeer) -> Void
    /// When set, decides how to answer each valid upgrade request instead of ``upgrade``; called on the
    /// connection's thread (see ``MockServer/webSocket(_:deciding:handler:)``).
    var decide: (@Sendable (RecordedRequest) -> MockWebSocketUpgrade)? = nil
}
