import Foundation
import Networking
import NetworkingTestKit
import Testing

/// A GNP client written by hand for testing ``MockGOMServer`` without NetworkingGOM: a ``WebSocket`` to `/gnp` that
/// sends subscribe and unsubscribe commands and reads frames with a timeout.
final class GNPTestSocket: Sendable {
    /// What waiting for the next message gave.
    enum Outcome: Sendable {
        case message(WebSocketMessage)
        case ended
        case timedOut
    }

    let socket: WebSocket

    init(socket: WebSocket) {
        self.socket = socket
    }

    /// Opens a socket to the GOM's proxy, on `host` (`localhost` with TLS, for the certificate's name).
    static func connect(
        to gom: MockGOMServer, timeout: TimeInterval = 10, host: String? = nil
    ) async throws -> GNPTestSocket {
        let name = host ?? (gom.server.certificate == nil ? "127.0.0.1" : "localhost")
        let scheme = gom.server.certificate == nil ? "ws" : "wss"
        let url = try #require(URL(string: "\(scheme)://\(name):\(gom.port)\(MockGOMServer.socketPath)"))
        let pinning = gom.server.certificateDER.map { PinnedCertificates.certificates([$0]) }
        let socket = try await WebSocket.connect(to: url, pinning: pinning, timeout: timeout).get()
        return GNPTestSocket(socket: socket)
    }

    func subscribe(_ path: String) async throws {
        try await send(#"{"command": "subscribe", "path": "\#(path)"}"#)
    }

    func unsubscribe(_ path: String) async throws {
        try await send(#"{"command": "unsubscribe", "path": "\#(path)"}"#)
    }

    func send(_ text: String) async throws {
        try await socket.send(.text(text)).get()
    }

    /// Subscribes and returns the initial frame.
    func subscribeForInitial(_ path: String, timeout: TimeInterval = 5) async throws -> GNPTestFrame {
        try await subscribe(path)
        return try await nextFrame(timeout: timeout)
    }

    /// The next frame, decoded; throws when none comes in time, the stream ends, or the frame is not GNP.
    func nextFrame(timeout: TimeInterval = 5) async throws -> GNPTestFrame {
        try GNPTestFrame(try await nextText(timeout: timeout))
    }

    /// The next text message; throws when none comes in time or the stream ends.
    func nextText(timeout: TimeInterval = 5) async throws -> String {
        switch try await next(timeout: timeout) {
        case .message(.text(let text)): return text
        case .message(let other): throw TestClientError(description: "expected text, got \(other)")
        case .ended: throw TestClientError(description: "the socket closed")
        case .timedOut: throw TestClientError(description: "no message within \(timeout) s")
        }
    }

    /// Waits for the next message: the message, the end of the stream, or a timeout; rethrows the stream's error.
    func next(timeout: TimeInterval) async throws -> Outcome {
        try await withThrowingTaskGroup(of: Outcome.self) { group in
            group.addTask { [socket] in
                var iterator = socket.messages.makeAsyncIterator()
                return try await iterator.next().map(Outcome.message) ?? .ended
            }
            group.addTask {
                try await Task.sleep(for: .milliseconds(Int(timeout * 1000)))
                return .timedOut
            }
            defer { group.cancelAll() }
            return try await group.next() ?? .timedOut
        }
    }

    func close() async {
        await socket.close()
    }
}
