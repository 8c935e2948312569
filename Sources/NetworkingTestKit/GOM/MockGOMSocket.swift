/// One open GNP socket of a ``MockGOMServer``: the outbox its frames go through, and the paths it subscribed.
struct MockGOMSocket {
    /// Where frames for the socket are posted, from any thread.
    let outbox: MockWebSocketOutbox
    /// The proxy attribute's computed value as this socket's upgrade request would have read it.
    let proxy: String
    /// The paths subscribed on this socket.
    var paths: Set<String> = []
}
