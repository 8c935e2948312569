public import Foundation
public import Networking

// @unchecked Sendable: used only on its connection's thread, where the handler runs (see the last paragraph).
/// The server's end of one open WebSocket, handed to the handler of ``MockServer/webSocket(_:upgrade:handler:)``
/// on the connection's own thread.
///
/// ```swift
/// server.webSocket("/feed") { peer in
///     guard peer.request.headers["Authorization"] == "Bearer token" else { return }
///     _ = peer.send(.text(#"{"hello": 1}"#))
///     while let message = peer.receive() {
///         if case .text("bye") = message { break }
///         _ = peer.send(message, fragmentSize: 16)
///     }
///     _ = peer.close(code: 4000, reason: "done")
/// }
/// ```
/// Every call blocks its thread until it is done, its timeout passes, the connection ends, or the server stops
/// (``MockServer/shutdown()`` ends every wait within about 100 ms). While it reads (in ``receive(timeout:)``,
/// ``waitForPong(timeout:)``, ``close(code:reason:waitForReply:)``, and while a send waits for the socket), pings
/// are answered with pongs and messages are queued for ``receive(timeout:)``. When the handler returns, the
/// server sends close 1000 unless a close was sent or received, waits briefly for the client's close, and closes
/// the connection. A peer is used only on its connection's thread, inside the handler: it is `Sendable` only so
/// that handlers can be `@Sendable` closures.
public final class MockWebSocketPeer: @unchecked Sendable {
    /// The upgrade request, header fields included.
    public let request: RecordedRequest
    let engine: MockWebSocketEngine

    /// How long a send may wait for a client that does not read, in seconds.
    static let sendTimeout: TimeInterval = 60
    /// How long sending the server's own close frame may take, in seconds.
    static let closeSendTimeout: TimeInterval = 5
    /// How long the closing handshake of the client's close may take to send its reply, in seconds.
    static let replyTimeout: TimeInterval = 2

    init(request: RecordedRequest, engine: MockWebSocketEngine) {
        self.request = request
        self.engine = engine
    }

    /// Sends one message in one frame.
    /// - Parameter message: The message.
    /// - Returns: Whether it was written before returning: false when the connection is gone, a close frame
    ///   was sent or received (or a protocol error closed the socket), or the server stopped.
    public func send(_ message: WebSocketMessage) -> Bool {
        let (opcode, payload) = Self.parts(of: message)
        guard engine.acceptsMessages, engine.queue(opcode: opcode, payload: payload) else { return false }
        return flush()
    }

    /// Sends one message fragmented: a first text or binary frame, then continuation frames, each with at most
    /// `fragmentSize` payload bytes (text may be cut inside a character, as RFC 6455 allows).
    /// - Parameters:
    ///   - message: The message; an empty one travels in one frame.
    ///   - fragmentSize: The most payload bytes in one frame (at least 1).
    /// - Returns: Whether every frame was written; false as for ``send(_:)``.
    public func send(_ message: WebSocketMessage, fragmentSize: Int) -> Bool {
        let (opcode, payload) = Self.parts(of: message)
        let step = max(1, fragmentSize)
        var start = 0
        repeat {
            guard engine.acceptsMessages, flush() else { return false }
            let end = min(payload.count, start + step)
            let frame = Self.frame(
                opcode: start == 0 ? opcode : 0, fin: end == payload.count, payload: payload[start..<end])
            engine.append(frame, framed: true)
            start = end
        } while start < payload.count
        return flush()
    }

    /// Waits for the next whole message from the client.
    /// - Parameter timeout: The longest wait, in seconds.
    /// - Returns: The message; `nil` at the client's close (whose reply is sent before returning), at the end of
    ///   the stream, after a protocol error (answered with its close code), on timeout, or when the server stops.
    public func receive(timeout: TimeInterval = 10) -> WebSocketMessage? {
        _ = engine.run(until: MockWebSocketEngine.deadline(after: timeout)) { engine.hasMessage || !engine.wantsRead }
        if let message = engine.takeMessage() {
            return message
        }
        if !engine.wantsRead {
            // The client's close or a protocol error: wslay has queued the close frame answering it.
            _ = engine.run(until: MockWebSocketEngine.deadline(after: Self.replyTimeout), reading: false) {
                !engine.hasPendingWrites
            }
        }
        return nil
    }

    /// Sends a ping.
    /// - Parameter payload: At most 125 bytes.
    /// - Returns: Whether it was written; false for a longer payload or as for ``send(_:)``.
    public func ping(_ payload: Data = Data()) -> Bool {
        guard engine.acceptsMessages, engine.queue(opcode: 0x9, payload: [UInt8](payload)) else { return false }
        return flush()
    }

    /// Waits for a pong from the client, reading (and queueing any message for ``receive(timeout:)``) meanwhile.
    /// - Parameter timeout: The longest wait, in seconds.
    /// - Returns: The pong's payload; `nil` on timeout, at the client's close, the end of the stream, or when the
    ///   server stops.
    public func waitForPong(timeout: TimeInterval = 5) -> Data? {
        _ = engine.run(until: MockWebSocketEngine.deadline(after: timeout)) { engine.hasPong || !engine.wantsRead }
        return engine.takePong()
    }

    /// Starts the closing handshake from the server's side: sends a close frame and waits for the client's.
    ///
    /// A pong the server still owes is dropped once the close is queued (wslay queues nothing after a close),
    /// so a handler that pings and then closes must wait for the pong first:
    /// ```swift
    /// _ = peer.ping(Data("are you there".utf8))
    /// _ = peer.waitForPong()
    /// _ = peer.close(code: 1001, reason: "going away")
    /// ```
    /// - Parameters:
    ///   - code: The status code, 0 to 65535 (0 sends a close frame without one). Codes a close frame must not
    ///     carry (1005, 1006, 1015) are sent as given, for testing clients.
    ///   - reason: The reason, at most 123 bytes of UTF-8.
    ///   - waitForReply: The longest wait for the client's close frame, in seconds; 0 does not wait.
    /// - Returns: Whether the close frame was written and, unless `waitForReply` is 0, the client's close arrived
    ///   in time (also true when the client had closed first and this answered it).
    public func close(code: Int = 1000, reason: String = "", waitForReply: TimeInterval = 5) -> Bool {
        guard (0...65_535).contains(code), reason.utf8.count <= 123 else { return false }
        if !engine.closeSent {
            if engine.wantsRead {
                guard engine.queueClose(code: UInt16(code), reason: Array(reason.utf8)) else { return false }
            }
            _ = engine.run(until: MockWebSocketEngine.deadline(after: Self.closeSendTimeout)) {
                engine.closeSent || !engine.hasPendingWrites
            }
            guard engine.closeSent else { return false }
        }
        guard waitForReply > 0 else { return true }
        _ = engine.run(until: MockWebSocketEngine.deadline(after: waitForReply)) { !engine.wantsRead }
        return engine.closeReceived
    }

    /// Writes bytes exactly as given, bypassing framing, after everything sent before: for malformed frames,
    /// text frames with invalid UTF-8 under a correct header, frames split across writes, and so on.
    /// - Parameter bytes: The bytes.
    /// - Returns: Whether they were written (false when the connection is gone or the server stopped).
    public func sendRaw(_ bytes: Data) -> Bool {
        guard flush(), !engine.ended else { return false }
        engine.append([UInt8](bytes), framed: false)
        return flush()
    }

    /// Neither reads nor writes (so answers no ping) for `seconds`, or until the server stops.
    /// - Parameter seconds: How long.
    public func silence(for seconds: TimeInterval) {
        _ = engine.core.pause(seconds)
    }

    /// Closes the TCP connection at once, without a close frame (nor TLS close_notify). Later calls fail.
    public func abort() {
        engine.abort()
    }

    /// The status code of the client's close frame once it arrived (1005 when it carried none), else `nil`.
    public var closeCode: Int? {
        engine.closeCode
    }

    /// Echoes every message back with the same type, until the client closes (or the server stops, or the client
    /// stays silent for an hour): the default handler of ``MockServer/webSocket(_:upgrade:handler:)``.
    public static let echo: @Sendable (MockWebSocketPeer) -> Void = { peer in
        while let message = peer.receive(timeout: 3600), peer.send(message) {}
    }

    /// Runs until wslay's queue and the gathered bytes are written.
    /// - Returns: Whether everything left (false when the connection ended or writing stopped with messages
    ///   still queued, as after a close frame).
    private func flush() -> Bool {
        let written = engine.run(until: MockWebSocketEngine.deadline(after: Self.sendTimeout)) {
            !engine.hasPendingWrites
        }
        return written && !engine.ended && engine.queuedMessageCount == 0
    }

    private static func parts(of message: WebSocketMessage) -> (opcode: UInt8, payload: [UInt8]) {
        switch message {
        case .text(let text): (0x1, Array(text.utf8))
        case .binary(let data): (0x2, [UInt8](data))
        }
    }

    /// An unmasked frame, as a server sends them.
    private static func frame(opcode: UInt8, fin: Bool, payload: ArraySlice<UInt8>) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        switch payload.count {
        case ..<126:
            frame.append(UInt8(payload.count))
        case ..<65_536:
            frame += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        frame += payload
        return frame
    }
}
