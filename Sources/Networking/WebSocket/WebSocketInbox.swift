import Foundation

/// The messages a WebSocket received that its consumer has not read yet: a bounded buffer between the event-loop
/// thread (which delivers) and the tasks reading ``WebSocket/messages`` (which take, in arrival order, each message
/// once).
///
/// Back-pressure: once it holds ``maximumCount`` messages or ``maximumBytes`` bytes, the loop stops reading the
/// socket (``reserveRead()`` refuses), so TCP flow control slows the peer and nothing is dropped; the first message
/// taken after that wakes the loop through ``onRoom``, which reads again (including bytes OpenSSL already holds).
final class WebSocketInbox: Sendable {
    /// How the stream of messages ended.
    enum End: Sendable {
        /// The closing handshake completed (or the peer's close arrived): the stream ends without an error.
        case closed
        /// The connection broke, the peer violated the protocol or stopped answering: the stream throws.
        case failed(RepositoryError)
    }

    private struct State {
        var messages: [WebSocketMessage] = []
        var head = 0
        var bytes = 0
        var end: End?
        var readingPaused = false
        var waiters: [(id: UInt64, continuation: CheckedContinuation<WebSocketMessage?, any Error>)] = []
        var nextWaiterID: UInt64 = 0

        var count: Int { messages.count - head }
    }

    /// The most messages held before the socket stops being read.
    let maximumCount: Int
    /// The most payload bytes held before the socket stops being read (one larger message is always taken).
    let maximumBytes: Int
    private let state = Locked(State())
    private let onRoom: @Sendable () -> Void

    /// Creates an empty inbox.
    /// - Parameters:
    ///   - maximumCount: The most messages held.
    ///   - maximumBytes: The most payload bytes held.
    ///   - onRoom: Called (on a consumer's task) when reading had paused and a message was taken.
    init(maximumCount: Int = 1024, maximumBytes: Int = 4 << 20, onRoom: @escaping @Sendable () -> Void) {
        self.maximumCount = maximumCount
        self.maximumBytes = maximumBytes
        self.onRoom = onRoom
    }

    /// Whether the loop may read more from the socket; when not, reading is marked paused until a message is
    /// taken.
    func reserveRead() -> Bool {
        state.withLock { state in
            if state.count >= maximumCount || state.bytes >= maximumBytes {
                state.readingPaused = true
                return false
            }
            return true
        }
    }

    /// Whether reading is paused because the buffer is full.
    var isPaused: Bool {
        state.withLock { $0.readingPaused }
    }

    /// Hands a received message to the first waiting reader, or keeps it.
    /// - Parameter message: The message.
    func deliver(_ message: WebSocketMessage) {
        let waiter = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
            guard state.end == nil else {
                return nil
            }
            if !state.waiters.isEmpty {
                return state.waiters.removeFirst().continuation
            }
            state.messages.append(message)
            state.bytes += message.byteCount
            return nil
        }
        waiter?.resume(returning: message)
    }

    /// Ends the stream once the messages still held are read; later calls do nothing.
    /// - Parameter end: How it ended.
    func finish(_ end: End) {
        let waiters = state.withLock { state -> [CheckedContinuation<WebSocketMessage?, any Error>] in
            guard state.end == nil else {
                return []
            }
            state.end = end
            defer { state.waiters = [] }
            return state.waiters.map(\.continuation)
        }
        for waiter in waiters {
            switch end {
            case .closed: waiter.resume(returning: nil)
            case .failed(let error): waiter.resume(throwing: error)
            }
        }
    }

    /// The next message, waiting for one; `nil` once the stream ended normally and every message was read.
    /// - Throws: The connection's failure once every message before it was read, or `CancellationError` when the
    ///   reading task is cancelled while waiting (the socket stays open and the next reader continues).
    func next() async throws -> WebSocketMessage? {
        enum Taken {
            case message(WebSocketMessage, resumedReading: Bool)
            case ended(End)
            case wait
        }
        let taken = state.withLock { state -> Taken in
            if let (message, resumed) = take(from: &state) {
                return .message(message, resumedReading: resumed)
            }
            if let end = state.end {
                return .ended(end)
            }
            return .wait
        }
        switch taken {
        case .message(let message, let resumed):
            if resumed {
                onRoom()
            }
            return message
        case .ended(.closed):
            return nil
        case .ended(.failed(let error)):
            throw error
        case .wait:
            return try await wait()
        }
    }

    /// Takes the oldest message, and says whether that ended a pause of reading (the caller then wakes the loop).
    private func take(from state: inout State) -> (WebSocketMessage, resumedReading: Bool)? {
        guard state.count > 0 else {
            return nil
        }
        let message = state.messages[state.head]
        state.head += 1
        state.bytes -= message.byteCount
        if state.head > 64 && state.head * 2 > state.messages.count {
            state.messages.removeFirst(state.head)
            state.head = 0
        }
        let resumed = state.readingPaused && state.count < maximumCount && state.bytes < maximumBytes
        if resumed {
            state.readingPaused = false
        }
        return (message, resumed)
    }

    private func wait() async throws -> WebSocketMessage? {
        let id = state.withLock { state -> UInt64 in
            state.nextWaiterID += 1
            return state.nextWaiterID
        }
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                enum Action {
                    case park
                    case message(WebSocketMessage, resumedReading: Bool)
                    case end(End)
                    case cancelled
                }
                let action = state.withLock { state -> Action in
                    if Task.isCancelled {
                        return .cancelled
                    }
                    if let (message, resumed) = take(from: &state) {
                        return .message(message, resumedReading: resumed)
                    }
                    if let end = state.end {
                        return .end(end)
                    }
                    state.waiters.append((id, continuation))
                    return .park
                }
                switch action {
                case .park: break
                case .message(let message, let resumed):
                    if resumed {
                        onRoom()
                    }
                    continuation.resume(returning: message)
                case .end(.closed): continuation.resume(returning: nil)
                case .end(.failed(let error)): continuation.resume(throwing: error)
                case .cancelled: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let waiter = state.withLock { state -> CheckedContinuation<WebSocketMessage?, any Error>? in
                guard let index = state.waiters.firstIndex(where: { $0.id == id }) else {
                    return nil
                }
                return state.waiters.remove(at: index).continuation
            }
            waiter?.resume(throwing: CancellationError())
        }
    }
}
