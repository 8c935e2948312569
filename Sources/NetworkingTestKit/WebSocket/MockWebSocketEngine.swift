import CWslay
import Foundation
import Glibc
import Networking

/// Runs wslay's server context over one connection's ``MockServerStream``: the non-blocking I/O under a
/// ``MockWebSocketPeer``, and the session's record in the server's state.
///
/// Reads reach wslay through a ``MockWebSocketInput`` (the bytes the HTTP parser read past the upgrade request
/// first, then one frame at a time, counted by a scanner that also sees what wslay rejects unreported, such as
/// unmasked frames); writes leave through a ``MockWebSocketOutput``, which sends a frame's header and payload
/// together. Every wait is a `poll` of at most 100 ms that also ends at the deadline or when the server stops.
/// Owned by its connection's thread.
final class MockWebSocketEngine {
    /// The largest message the client may send; wslay's own default is 2 GiB.
    static let maximumMessageLength: UInt64 = 64 << 20
    /// The longest one wait on the socket lasts.
    static let pollMilliseconds = 100

    let stream: MockServerStream
    let core: MockServerCore
    /// The index of this session's record in the server's state.
    let session: Int
    /// wslay's context; `nil` when wslay could not allocate one, or after ``finish()``.
    private var context: OpaquePointer?
    /// The bytes read and not yet handed to wslay.
    private let input: MockWebSocketInput
    /// The inbound frame count last written to the record.
    private var framesPublished = 0
    /// The outbound frame count last written to the record.
    private var framesSentPublished = 0
    /// The bytes written, gathered first.
    private let output = MockWebSocketOutput()
    private var messages: [WebSocketMessage] = []
    private var messageHead = 0
    private var pongs: [Data] = []
    /// Whether the server queued a close frame itself (wslay offers no way to ask).
    private var closeQueued = false
    /// Whether the handler has returned.
    private var finishing = false
    /// Whether the connection ended: end of stream, an I/O error, or ``abort()``.
    private(set) var ended = false
    /// The status code of the client's close frame (1005 when it had none), once it arrived.
    private(set) var closeCode: Int?
    /// The mailbox other threads post to, once the handler asked for it (``MockWebSocketPeer/outbox``).
    var outbox: MockWebSocketOutbox?

    init(stream: MockServerStream, core: MockServerCore, session: Int, prefetched: [UInt8]) {
        self.stream = stream
        self.core = core
        self.session = session
        self.input = MockWebSocketInput(prefetched: prefetched)
        var callbacks = Self.makeCallbacks()
        var created: OpaquePointer?
        let user = Unmanaged.passUnretained(self).toOpaque()
        if wslay_event_context_server_init(&created, &callbacks, user) == 0, let created {
            wslay_event_config_set_max_recv_msg_length(created, Self.maximumMessageLength)
            context = created
        }
        core.state.withLock { $0.webSocketRecords[session].bytesReceived += prefetched.count }
    }

    deinit {
        if let context {
            wslay_event_context_free(context)
        }
    }

    /// Whether wslay still reads: false once the client's close arrived, after a protocol error, or when the
    /// connection ended.
    var wantsRead: Bool {
        guard let context, !ended else { return false }
        return wslay_event_want_read(context) != 0
    }

    /// Whether bytes wait to be written: queued in wslay or gathered here.
    var hasPendingWrites: Bool {
        guard let context, !ended else { return false }
        return wslay_event_want_write(context) != 0 || !output.isEmpty
    }

    /// Whether a new message may be sent: the connection is open and no close frame is queued or sent.
    var acceptsMessages: Bool {
        guard let context, !ended, !closeQueued else { return false }
        return wslay_event_get_write_enabled(context) != 0 && wslay_event_get_read_enabled(context) != 0
    }

    /// The messages wslay still holds (a message leaves the count once fully handed to the socket).
    var queuedMessageCount: Int {
        guard let context else { return 0 }
        return wslay_event_get_queued_msg_count(context)
    }

    /// Whether the client's close frame arrived.
    var closeReceived: Bool {
        guard let context else { return false }
        return wslay_event_get_close_received(context) != 0
    }

    /// Whether the server's close frame left.
    var closeSent: Bool {
        guard let context else { return false }
        return wslay_event_get_close_sent(context) != 0
    }

    /// Whether a received message waits for ``takeMessage()``.
    var hasMessage: Bool {
        messageHead < messages.count
    }

    /// Whether a received pong waits for ``takePong()``.
    var hasPong: Bool {
        !pongs.isEmpty
    }

    /// The oldest received message not taken yet.
    func takeMessage() -> WebSocketMessage? {
        guard messageHead < messages.count else { return nil }
        let message = messages[messageHead]
        messageHead += 1
        if messageHead == messages.count {
            messages.removeAll(keepingCapacity: true)
            messageHead = 0
        }
        return message
    }

    /// The oldest received pong payload not taken yet.
    func takePong() -> Data? {
        pongs.isEmpty ? nil : pongs.removeFirst()
    }

    /// Queues one message or control frame in wslay.
    /// - Returns: false when wslay refuses it (a close is queued or sent, a control payload over 125 bytes).
    func queue(opcode: UInt8, payload: [UInt8]) -> Bool {
        guard let context, !ended else { return false }
        let result = payload.withUnsafeBufferPointer { buffer in
            var message = wslay_event_msg(opcode: opcode, msg: buffer.baseAddress, msg_length: buffer.count)
            return wslay_event_queue_msg(context, &message)
        }
        return result == 0
    }

    /// Queues the server's close frame.
    /// - Returns: false when wslay refuses it (a close is already queued or sent, or the reason is too long).
    func queueClose(code: UInt16, reason: [UInt8]) -> Bool {
        guard let context, !ended else { return false }
        let result = reason.withUnsafeBufferPointer { wslay_event_queue_close(context, code, $0.baseAddress, $0.count) }
        closeQueued = closeQueued || result == 0
        return result == 0
    }

    /// Adds bytes to write after everything queued so far, outside wslay.
    /// - Parameter framed: Whether they are whole frames, counted in the session's `framesSent`.
    func append(_ bytes: [UInt8], framed: Bool) {
        bytes.withUnsafeBytes { output.append($0, framed: framed) }
    }

    /// Runs wslay, writing first and then reading, until `isDone` holds, `deadline` passes, the connection
    /// ends or the server stops; between rounds it polls the socket for at most 100 ms at a time.
    /// - Parameters:
    ///   - deadline: When to give up.
    ///   - reading: Whether to read (false only writes).
    ///   - isDone: The condition waited for, checked after every step.
    /// - Returns: Whether `isDone` held.
    func run(until deadline: ContinuousClock.Instant, reading: Bool = true, _ isDone: () -> Bool) -> Bool {
        guard let context else { return isDone() }
        while true {
            if isDone() {
                return true
            }
            guard !ended, !core.isStopped, serveOutbox() else { return false }
            write(context)
            if isDone() {
                return true
            }
            if reading && !ended && wslay_event_want_read(context) != 0 {
                if wslay_event_recv(context) != 0 {
                    ended = true
                }
                if isDone() {
                    return true
                }
                write(context)  // pongs and the close reply wslay queued while reading
                if isDone() {
                    return true
                }
            }
            guard !ended else { return false }
            let remaining = deadline - .now
            guard remaining > .zero else { return false }
            let reads = reading && wslay_event_want_read(context) != 0
            if reads && inputReady {
                continue  // poll cannot see bytes already read (trap 7 of the WebSocket research)
            }
            // A held-back close frame waits for the handler, not for the socket: polling for input then would
            // spin while the socket stays readable (the client's end of stream after its close).
            let awaitsInput = reads && !holdsCloseBack
            let writes = hasPendingWrites
            guard awaitsInput || writes else { return isDone() }
            let events = (awaitsInput ? Int16(POLLIN) : 0) | (writes ? Int16(POLLOUT) : 0)
            waitForIO(events, milliseconds: Self.milliseconds(remaining))
        }
    }

    /// Closes the connection at once, without a close frame.
    func abort() {
        ended = true
        stream.close(graceful: false)
    }

    /// Ends the session after its handler returned: sends close 1000 unless a close was sent or received, waits
    /// up to `timeout` for the client's close and for the writes to leave, closes the socket, marks the record
    /// closed and frees wslay's context.
    func finish(timeout: TimeInterval) {
        finishing = true
        if context != nil && !ended && !core.isStopped {
            if !closeSent && !closeReceived && wantsRead {
                _ = queueClose(code: 1000, reason: [])
            }
            _ = run(until: Self.deadline(after: timeout)) { !hasPendingWrites && !wantsRead }
        }
        stream.close(graceful: !ended && !core.isStopped)
        ended = true
        core.state.withLock { $0.webSocketRecords[session].isOpen = false }
        if let context {
            wslay_event_context_free(context)
            self.context = nil
        }
    }

    /// The instant `seconds` from now (at most a day, so that `.infinity` is a valid timeout).
    static func deadline(after seconds: TimeInterval) -> ContinuousClock.Instant {
        let bounded = seconds.isNaN ? 0 : min(max(0, seconds), 86_400)
        return .now + .milliseconds(Int64(bounded * 1000))
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        let total = seconds * 1000 + attoseconds / 1_000_000_000_000_000 + 1
        return Int32(max(0, min(Int64(pollMilliseconds), total)))
    }

    private func write(_ context: OpaquePointer) {
        guard !ended else { return }
        if wslay_event_want_write(context) != 0 && wslay_event_send(context) != 0 {
            ended = true
        }
        flushOutbound()
    }

    /// Writes gathered bytes until the socket is full.
    private func flushOutbound() {
        let (written, closed) = output.flush(to: stream)
        ended = ended || closed
        noteSent(written)
    }

    private func noteSent(_ count: Int) {
        let frames = output.frames.frames
        guard count > 0 || frames != framesSentPublished else { return }
        framesSentPublished = frames
        core.state.withLock { state in
            state.webSocketRecords[session].bytesSent += count
            state.webSocketRecords[session].framesSent = frames
        }
    }

    // MARK: - Called by wslay's callbacks

    /// Gives wslay the next received bytes (those the HTTP parser read first), at most one frame at a time;
    /// reads the socket once when none are left. A close frame waits while messages wait unread, unless the
    /// server has closed or the handler returned.
    func receive(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> MockServerStream.Attempt {
        if input.isEmpty {
            guard !ended else { return .closed }
            let attempt = input.refill(from: stream)
            switch attempt {
            case .bytes(let read):
                core.state.withLock { state in
                    state.bytesReceived += read
                    state.webSocketRecords[session].bytesReceived += read
                }
            case .closed:
                ended = true
                return attempt
            case .wouldBlock:
                return attempt
            }
        }
        guard !holdsCloseBack else { return .wouldBlock }
        let handed = input.hand(into: buffer, count: count)
        if input.frames.frames != framesPublished {
            framesPublished = input.frames.frames
            let scanner = input.frames
            core.state.withLock { state in
                state.webSocketRecords[session].framesReceived = scanner.frames
                state.webSocketRecords[session].unmaskedFramesReceived = scanner.unmaskedFrames
                state.webSocketRecords[session].pingsReceived = scanner.pings
                state.webSocketRecords[session].pongsReceived = scanner.pongs
            }
        }
        return handed > 0 ? .bytes(handed) : .wouldBlock
    }

    /// Whether the client's close frame is next and waits for the handler to take the messages before it.
    private var holdsCloseBack: Bool {
        hasMessage && !closeQueued && !finishing && input.closeFrameIsNext
    }

    /// Whether wslay can read bytes that `poll` cannot announce: read but not handed over (and not held
    /// back), or decrypted and buffered inside OpenSSL.
    private var inputReady: Bool {
        input.isEmpty ? stream.hasBufferedInput : !holdsCloseBack
    }

    /// Takes bytes wslay sends: gathered while wslay says more follows and they fit, else written at once.
    func transmit(_ data: UnsafePointer<UInt8>, count: Int, more: Bool) -> MockServerStream.Attempt {
        guard !ended else { return .closed }
        if output.fits(count) {
            output.append(UnsafeRawBufferPointer(start: data, count: count), framed: true)
            if !more {
                flushOutbound()
            }
            return .bytes(count)
        }
        flushOutbound()
        guard !ended else { return .closed }
        guard output.isEmpty else { return .wouldBlock }
        let attempt = stream.writeAvailable(data, count: count)
        switch attempt {
        case .bytes(let written):
            output.noteWritten(UnsafeRawBufferPointer(start: data, count: written))
            noteSent(written)
        case .closed:
            ended = true
        case .wouldBlock:
            break
        }
        return attempt
    }

    /// Takes a whole message or control frame wslay received.
    func deliver(opcode: UInt8, payload: UnsafeBufferPointer<UInt8>, statusCode: UInt16) {
        switch UInt32(opcode) {
        case WSLAY_TEXT_FRAME.rawValue:
            record(.text(String(decoding: payload, as: UTF8.self)))
        case WSLAY_BINARY_FRAME.rawValue:
            record(.binary(Data(buffer: payload)))
        case WSLAY_PONG.rawValue:
            pongs.append(Data(buffer: payload))
        case WSLAY_CONNECTION_CLOSE.rawValue:
            let code = statusCode == 0 ? 1005 : Int(statusCode)
            let reason = payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
            closeCode = code
            core.state.withLock { state in
                state.webSocketRecords[session].closeCode = code
                state.webSocketRecords[session].closeReason = reason
            }
        default:
            break  // a ping: wslay has queued its pong
        }
    }

    private func record(_ message: WebSocketMessage) {
        messages.append(message)
        core.state.withLock { $0.webSocketRecords[session].messagesReceived.append(message) }
    }
}
