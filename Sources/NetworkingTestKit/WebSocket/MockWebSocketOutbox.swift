public import Foundation
import Glibc
public import Networking

/// A thread-safe mailbox of one ``MockWebSocketPeer``: any thread or task posts messages to it, and the peer sends
/// them at once, in posting order, while its handler waits in the peer (``MockWebSocketPeer/receive(timeout:)``,
/// ``MockWebSocketPeer/waitForPong(timeout:)``, a send or a close).
///
/// A peer is used only on its connection's thread; its outbox is how other threads reach the socket, for example
/// a server that pushes a notification to every open socket when an HTTP request changes something:
/// ```swift
/// let outboxes = Mutex<[MockWebSocketOutbox]>([])
/// server.webSocket("/events") { peer in
///     outboxes.withLock { $0.append(peer.outbox) }
///     while peer.receive(timeout: 3600) != nil {}  // sends what is posted while it waits
/// }
/// server.route("/publish") { request in
///     for outbox in outboxes.withLock({ $0 }) {
///         _ = outbox.post(.text(request.bodyString ?? ""))
///     }
///     return MockResponse(status: 204)
/// }
/// ```
/// Posting wakes the peer's wait at once (a pipe polled beside the socket), so a posted message leaves within
/// microseconds, not at the next poll interval. Other threads can also silence the socket (``silence()``, until
/// ``resume()``) and drop it (``abort()``). Messages posted while the handler is busy elsewhere (not waiting in the
/// peer) wait for its next wait; messages posted after the connection ended are dropped.
public final class MockWebSocketOutbox: Sendable {
    /// One posted item.
    enum Item {
        /// A message sent in one frame.
        case message(WebSocketMessage)
        /// Bytes written as given, bypassing framing.
        case raw(Data)
    }

    struct Entry {
        let item: Item
        let due: ContinuousClock.Instant
    }

    struct State {
        var entries: [Entry] = []
        var head = 0
        var silenced = false
        /// Whether the peer's thread has seen ``silenced`` and stopped.
        var silent = false
        var abortRequested = false
        var closed = false
    }

    let state = Locked(State())
    /// The read end of the pipe that wakes the peer's poll; -1 when none could be created (the peer then notices
    /// posts at its next poll interval, within 100 ms).
    let wakeFD: Int32
    /// The pipe's write end: one byte per wake-up (a full pipe already holds one).
    private let wakeWriteFD: Int32

    init() {
        var ends: [Int32] = [-1, -1]
        let opened =
            pipe(&ends) == 0
            && ends.allSatisfy { MockServerSocket.setNonBlocking($0) && fcntl($0, F_SETFD, FD_CLOEXEC) == 0 }
        if !opened {
            for end in ends where end >= 0 {
                _ = Glibc.close(end)
            }
        }
        wakeFD = opened ? ends[0] : -1
        wakeWriteFD = opened ? ends[1] : -1
    }

    deinit {
        if wakeFD >= 0 {
            _ = Glibc.close(wakeFD)
            _ = Glibc.close(wakeWriteFD)
        }
    }

    /// Queues a message for the peer to send.
    /// - Parameters:
    ///   - message: The message, sent in one frame.
    ///   - delay: How long to hold it, in seconds, from now; later messages wait behind it, so the order holds.
    /// - Returns: false when the connection has ended (the message is dropped).
    @discardableResult
    public func post(_ message: WebSocketMessage, delay: TimeInterval = 0) -> Bool {
        enqueue(.message(message), delay: delay)
    }

    /// Queues bytes for the peer to write exactly as given, bypassing framing, as
    /// ``MockWebSocketPeer/sendRaw(_:)`` does: for malformed frames sent from another thread.
    /// - Parameter bytes: The bytes.
    /// - Returns: false when the connection has ended.
    @discardableResult
    public func postRaw(_ bytes: Data) -> Bool {
        enqueue(.raw(bytes), delay: 0)
    }

    /// Stops the socket until ``resume()``: the peer then neither reads nor writes, so it answers no ping and sends
    /// nothing posted, as ``MockWebSocketPeer/silence(for:)`` does. Takes effect within microseconds when the peer
    /// waits; ``isSilent`` says when it has.
    public func silence() {
        state.withLock { $0.silenced = true }
        wake()
    }

    /// Ends a ``silence()``: the peer reads, writes and sends what was posted meanwhile.
    public func resume() {
        state.withLock { $0.silenced = false }
        wake()
    }

    /// Whether the peer's thread has stopped for a ``silence()``: from then on it reads and writes nothing.
    public var isSilent: Bool {
        state.withLock { $0.silenced && $0.silent }
    }

    /// Closes the connection at once, without a close frame, as ``MockWebSocketPeer/abort()`` does, from any
    /// thread: the peer's current wait ends as at the end of the stream.
    public func abort() {
        state.withLock { $0.abortRequested = true }
        wake()
    }

    /// Whether the connection has ended (its handler returned); posts are then dropped.
    public var isClosed: Bool {
        state.withLock { $0.closed }
    }

    /// The items posted and not yet handed to the socket.
    public var pendingCount: Int {
        state.withLock { $0.entries.count - $0.head }
    }

    /// Marks the connection ended: pending items are dropped and later posts refused.
    func close() {
        state.withLock { state in
            state.closed = true
            state.entries.removeAll()
            state.head = 0
        }
    }

    private func enqueue(_ item: Item, delay: TimeInterval) -> Bool {
        let due = MockWebSocketEngine.deadline(after: delay)
        let queued = state.withLock { state -> Bool in
            guard !state.closed else { return false }
            state.entries.append(Entry(item: item, due: due))
            return true
        }
        if queued {
            wake()
        }
        return queued
    }

    private func wake() {
        guard wakeWriteFD >= 0 else { return }
        var byte: UInt8 = 1
        _ = Glibc.write(wakeWriteFD, &byte, 1)
    }

    /// Empties the pipe after wake-ups (called on the peer's thread before it takes items).
    func drainWakeups() {
        guard wakeFD >= 0 else { return }
        var scratch = [UInt8](repeating: 0, count: 64)
        while Glibc.read(wakeFD, &scratch, scratch.count) == scratch.count {}
    }

    /// Takes the items due now, oldest first: a run of messages up to the first raw item or the first item not due
    /// yet, or a single raw item when it comes first and `rawAllowed` (raw bytes bypass wslay's queue, so they may
    /// only go once everything queued before them has been handed to the socket).
    func takeDue(now: ContinuousClock.Instant, rawAllowed: Bool) -> [Item] {
        state.withLock { state in
            var items: [Item] = []
            while state.head < state.entries.count, state.entries[state.head].due <= now {
                let item = state.entries[state.head].item
                if case .raw = item {
                    guard items.isEmpty, rawAllowed else { break }
                    items.append(item)
                    state.head += 1
                    break
                }
                items.append(item)
                state.head += 1
            }
            if state.head == state.entries.count {
                state.entries.removeAll(keepingCapacity: true)
                state.head = 0
            }
            return items
        }
    }

    /// When the oldest pending item is due, and whether it is raw bytes; `nil` when nothing is pending.
    var nextDue: (due: ContinuousClock.Instant, isRaw: Bool)? {
        state.withLock { state in
            guard state.head < state.entries.count else { return nil }
            let entry = state.entries[state.head]
            if case .raw = entry.item {
                return (entry.due, true)
            }
            return (entry.due, false)
        }
    }

    /// What the peer's thread must do now: stop (silenced), abort, or carry on; records that it has stopped.
    func checkControl() -> Control {
        state.withLock { state in
            if state.abortRequested {
                return .abort
            }
            state.silent = state.silenced
            return state.silenced ? .silent : .run
        }
    }

    /// What ``checkControl()`` asks of the peer's thread.
    enum Control {
        case run
        case silent
        case abort
    }
}
