import Foundation

/// Marks a request as a WebSocket upgrade on its way through the pipeline, and carries the opened connection back
/// from ``CurlTransport`` to the caller (the pipeline passes responses, not connections).
final class WebSocketUpgrade: Sendable {
    /// The subprotocols to offer.
    let protocols: [String]
    /// The largest message the socket accepts.
    let maximumMessageSize: Int
    /// Debug logging of the socket, or `nil`.
    let trace: WebSocketTrace?
    private let connection = Locked<CurlWebSocketConnection?>(nil)

    /// Creates the slot of one opening.
    init(protocols: [String], maximumMessageSize: Int, trace: WebSocketTrace?) {
        self.protocols = protocols
        self.maximumMessageSize = maximumMessageSize
        self.trace = trace
    }

    /// Keeps the connection of the latest successful upgrade (an earlier attempt's, if the pipeline retried, is
    /// closed).
    func deliver(_ opened: CurlWebSocketConnection) {
        let previous = connection.withLock { slot in
            defer { slot = opened }
            return slot
        }
        previous?.requestClose(code: 1001, reason: "")
    }

    /// Takes the opened connection, once.
    func take() -> CurlWebSocketConnection? {
        connection.withLock { slot in
            defer { slot = nil }
            return slot
        }
    }
}
