public import Networking

/// A snapshot of one upgrade request to a WebSocket path and of what has crossed the socket since, as
/// ``MockServer/webSocketSessions`` returns it.
///
/// ```swift
/// server.webSocket("/echo")
/// // … a client connects, sends "hello", closes with 1000 …
/// let session = try #require(try await server.waitForWebSocketSessions(1).first)
/// #expect(session.accepted)
/// #expect(session.messagesReceived == [.text("hello")])
/// #expect(session.unmaskedFramesReceived == 0)
/// #expect(session.closeCode == 1000)
/// ```
/// The counts grow as frames flow: take a new snapshot to see later traffic. Every message received is kept,
/// so a test that sends gigabytes should not keep its server's sessions for long.
public struct MockWebSocketSession: Sendable {
    /// The upgrade request, header fields included.
    public let request: RecordedRequest
    /// Whether the server answered `101 Switching Protocols`.
    public let accepted: Bool
    /// The whole messages received from the client, in order (control frames excluded).
    public let messagesReceived: [WebSocketMessage]
    /// The frames received from the client, control frames included, counted as their headers arrive.
    public let framesReceived: Int
    /// The frames received without the mask bit: a client must mask every frame (RFC 6455 §5.1), and the server
    /// answers the first unmasked one with close code 1002.
    public let unmaskedFramesReceived: Int
    /// The bytes received after the upgrade request (decrypted with TLS), frame headers included.
    public let bytesReceived: Int
    /// The ping frames received from the client.
    public let pingsReceived: Int
    /// The pong frames received from the client.
    public let pongsReceived: Int
    /// The frames the server sent, control frames included (bytes written with
    /// ``MockWebSocketPeer/sendRaw(_:)`` are not counted as frames).
    public let framesSent: Int
    /// The bytes the server wrote after its `101` response (before TLS encryption), framing included.
    public let bytesSent: Int
    /// The status code of the client's close frame once it arrived (1005 when it carried none), else `nil`.
    public let closeCode: Int?
    /// The reason of the client's close frame (empty when it had none), or `nil` before it arrived.
    public let closeReason: String?
    /// Whether the connection is still open; false once the server closed it.
    public let isOpen: Bool

    init(record: MockWebSocketRecord) {
        request = record.request
        accepted = record.accepted
        messagesReceived = record.messagesReceived
        framesReceived = record.framesReceived
        unmaskedFramesReceived = record.unmaskedFramesReceived
        bytesReceived = record.bytesReceived
        pingsReceived = record.pingsReceived
        pongsReceived = record.pongsReceived
        framesSent = record.framesSent
        bytesSent = record.bytesSent
        closeCode = record.closeCode
        closeReason = record.closeReason
        isOpen = record.isOpen
    }
}
