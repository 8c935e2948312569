import Networking

/// The live record of one WebSocket session, kept in ``MockServerState`` and updated under its lock as frames
/// flow; ``MockWebSocketSession`` is its snapshot.
struct MockWebSocketRecord {
    var request: RecordedRequest
    var accepted = false
    var messagesReceived: [WebSocketMessage] = []
    var framesReceived = 0
    var unmaskedFramesReceived = 0
    var bytesReceived = 0
    var pingsReceived = 0
    var pongsReceived = 0
    var framesSent = 0
    var bytesSent = 0
    var closeCode: Int?
    var closeReason: String?
    var isOpen = true

    init(request: RecordedRequest) {
        self.request = request
    }

    /// The snapshot handed to tests.
    var snapshot: MockWebSocketSession {
        MockWebSocketSession(record: self)
    }
}
