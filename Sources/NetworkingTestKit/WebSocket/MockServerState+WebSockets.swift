import Networking

extension MockServerState {
    /// The WebSocket route that serves `request`: its path has one and it asks for an upgrade.
    func webSocketRoute(for request: RecordedRequest) -> MockWebSocketRoute? {
        guard let route = webSocketRoutes[request.path], MockWebSocketHandshake.isUpgrade(request) else { return nil }
        return route
    }

    /// Records an upgrade request to a WebSocket path, stamped with the time it is recorded, among the requests
    /// and as a new session (not accepted yet).
    /// - Returns: The stamped request and the index of its session's record.
    mutating func recordUpgrade(_ received: RecordedRequest) -> (request: RecordedRequest, session: Int) {
        let request = received.received(at: .now)
        requests.append(request)
        webSocketRecords.append(MockWebSocketRecord(request: request))
        return (request, webSocketRecords.count - 1)
    }
}
