import CCurl
import CNetworkingShim
import CWslay
import Foundation

extension CurlWebSocketConnection {
    /// Creates the wslay client context once the upgrade succeeded.
    func startFraming() throws {
        var callbacks = wslay_event_callbacks(
            recv_callback: WslayCallbacks.receive, send_callback: WslayCallbacks.send,
            genmask_callback: WslayCallbacks.generateMask, on_frame_recv_start_callback: nil,
            on_frame_recv_chunk_callback: nil, on_frame_recv_end_callback: nil,
            on_msg_recv_callback: WslayCallbacks.messageReceived)
        var context: OpaquePointer?
        let status = wslay_event_context_client_init(&context, &callbacks, Unmanaged.passUnretained(self).toOpaque())
        guard status == 0, let context else {
            throw TransportError(code: .other, message: "wslay could not create a context for \(url.absoluteString)")
        }
        // Trap 12: wslay accepts 2 GiB messages by default.
        wslay_event_config_set_max_recv_msg_length(context, UInt64(max(0, maximumMessageSize)))
        wslay = context
    }

    /// Does everything due on an open connection (loop thread): queued sends, pings and a close; reading while the
    /// inbox has room; writing what wslay framed; deadlines; and the end.
    func serviceOpen(now: ContinuousClock.Instant) {
        guard let wslay else {
            return
        }
        takeRequests(now: now)
        if wslay_event_want_read(wslay) != 0 && !inbox.isPaused {
            if wslay_event_recv(wslay) != 0 && failure == nil {
                failure = brokenConnection("wslay could not read a frame")
            }
        }
        if wslay_event_want_write(wslay) != 0 {
            if wslay_event_send(wslay) != 0 && failure == nil {
                failure = brokenConnection("wslay could not write a frame")
            }
        }
        if !flush() && failure == nil {
            failure = brokenConnection("the connection was lost")
        }
        completeSends()
        checkDeadlines(now: now)
        checkEnd(now: now)
    }

    /// Frames the messages, pings and close that other tasks queued.
    private func takeRequests(now: ContinuousClock.Instant) {
        guard let wslay else {
            return
        }
        let taken = requests.withLock { requests in
            defer {
                requests.messages = []
                requests.pings = []
                requests.close = nil
                requests.abort = nil
            }
            return (requests.messages, requests.pings, requests.close, requests.abort)
        }
        if let abort = taken.3, failure == nil {
            failure = abort
        }
        var unqueued = 0
        for (message, done) in taken.0 {
            // The frame goes to `output` whole: reserving its size first spares a 1 MB message nine reallocations
            // (only into an empty buffer: reserving exact sizes on a growing one would copy it on every message).
            if output.isEmpty {
                output.reserveCapacity(message.byteCount + 14)
            }
            let status = queue(message, on: wslay)
            guard status == 0 else {
                unqueued += message.byteCount
                done?.resume(returning: .failure(closedError(while: "sending a message")))
                continue
            }
            // wslay's send callback never blocks: after this call the whole frame is in `output`.
            _ = wslay_event_send(wslay)
            sendsInFlight.append((framedBytes, message.byteCount, done))
            trace?.message(sent: message)
        }
        if unqueued > 0 {
            requests.withLock { $0.unsentBytes -= unqueued }
        }
        for done in taken.1 {
            nextPingID += 1
            var id = nextPingID.bigEndian
            let status = withUnsafeBytes(of: &id) { raw in
                var message = wslay_event_msg(
                    opcode: UInt8(WSLAY_PING.rawValue), msg: raw.bindMemory(to: UInt8.self).baseAddress,
                    msg_length: raw.count)
                return wslay_event_queue_msg(wslay, &message)
            }
            guard status == 0 else {
                done.resume(returning: .failure(closedError(while: "pinging")))
                continue
            }
            pingsInFlight.append((nextPingID, now + .milliseconds(CurlTransfer.milliseconds(timeout)), done))
        }
        if let close = taken.2, !userClosed {
            userClosed = true
            var reason = Array(close.reason.utf8.prefix(123))
            while !reason.isEmpty && String(validating: reason, as: UTF8.self) == nil {
                reason.removeLast()
            }
            let code = WebSocket.isSendableCloseCode(close.code) ? close.code : 1000
            _ = reason.withUnsafeBufferPointer { buffer in
                wslay_event_queue_close(wslay, UInt16(code), buffer.baseAddress, buffer.count)
            }
            closeDeadline = now + .milliseconds(CurlTransfer.milliseconds(min(timeout, Self.closeWait)))
            trace?.event("closing with \(code)")
        }
    }

    private func queue(_ message: WebSocketMessage, on wslay: OpaquePointer) -> Int32 {
        func queue(_ opcode: wslay_opcode, _ bytes: UnsafeRawBufferPointer) -> Int32 {
            var frame = wslay_event_msg(
                opcode: UInt8(opcode.rawValue), msg: bytes.bindMemory(to: UInt8.self).baseAddress,
                msg_length: bytes.count)
            return wslay_event_queue_msg(wslay, &frame)
        }
        switch message {
        case .text(let text):
            var text = text
            return text.withUTF8 { queue(WSLAY_TEXT_FRAME, UnsafeRawBufferPointer($0)) }
        case .binary(let data):
            return data.withUnsafeBytes { queue(WSLAY_BINARY_FRAME, $0) }
        }
    }

    /// Appends framed bytes to the output (wslay's send callback).
    func append(_ bytes: UnsafeRawBufferPointer) {
        output.append(contentsOf: bytes)
        framedBytes += UInt64(bytes.count)
    }

    /// Appends bytes to the output.
    func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { append($0) }
    }

    /// Writes the output with `curl_easy_send`: everything framed since the last pass in one call (trap 9), the rest
    /// after `CURLE_AGAIN` when the socket is writable again.
    /// - Returns: `false` when the connection broke (``failure`` says why).
    func flush() -> Bool {
        while outputStart < output.count {
            var sent = 0
            let code = output.withUnsafeBytes { raw in
                curl_easy_send(handle, raw.baseAddress.map { $0 + outputStart }, raw.count - outputStart, &sent)
            }
            if code == CURLE_AGAIN {
                writeBlocked = true
                // A sender faster than the link never empties the buffer: drop the written prefix once it is large,
                // so the buffer holds only what is unsent.
                if outputStart >= Self.compactionThreshold && outputStart * 2 >= output.count {
                    output.removeFirst(outputStart)
                    outputStart = 0
                }
                return true
            }
            guard code == CURLE_OK else {
                if failure == nil {
                    failure = brokenConnection(curlReason(code))
                }
                return false
            }
            outputStart += sent
            flushedBytes += UInt64(sent)
        }
        writeBlocked = false
        if outputStart > 0 {
            output.removeAll(keepingCapacity: output.capacity <= Self.keptOutputCapacity)
            outputStart = 0
        }
        return true
    }

    /// Reads from the socket for wslay's receive callback: first the bytes that followed the upgrade's answer.
    /// - Returns: The byte count, `nil` for "would block", or -1 after the end of the stream or an error.
    func receive(into buffer: UnsafeMutableRawBufferPointer) -> Int? {
        if !leftover.isEmpty {
            let count = min(buffer.count, leftover.count)
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: leftover.withUnsafeBytes { $0 }[0..<count]))
            leftover.removeFirst(count)
            return count
        }
        guard inbox.reserveRead() else {
            return nil  // back-pressure: the consumer has not read; TCP slows the peer
        }
        var received = 0
        let code = curl_easy_recv(handle, buffer.baseAddress, buffer.count, &received)
        if code == CURLE_AGAIN {
            return nil
        }
        guard code == CURLE_OK, received > 0 else {
            if failure == nil {
                failure = brokenConnection(
                    code == CURLE_OK ? "the peer closed the connection without a close frame" : curlReason(code))
            }
            return -1
        }
        return received
    }

    /// Takes a whole message from wslay (loop thread).
    func received(opcode: UInt8, payload: UnsafeRawBufferPointer, statusCode: UInt16) {
        switch UInt32(opcode) {
        case WSLAY_TEXT_FRAME.rawValue:
            // wslay checked the UTF-8 (an invalid text closes the connection with 1007 before this call).
            let message = WebSocketMessage.text(String(decoding: payload, as: UTF8.self))
            trace?.message(received: message)
            inbox.deliver(message)
        case WSLAY_BINARY_FRAME.rawValue:
            let message = WebSocketMessage.binary(Data(payload))
            trace?.message(received: message)
            inbox.deliver(message)
        case WSLAY_PONG.rawValue:
            guard payload.count == 8 else {
                return
            }
            let id = payload.loadUnaligned(as: UInt64.self).bigEndian
            // Only a pong echoing one of our pings answers it (and the older ones, which the peer may have skipped).
            guard pingsInFlight.contains(where: { $0.id == id }) else {
                return
            }
            let answered = pingsInFlight.filter { $0.id <= id }
            pingsInFlight.removeAll { $0.id <= id }
            for ping in answered {
                ping.done.resume(returning: .success(()))
            }
        case WSLAY_CONNECTION_CLOSE.rawValue:
            let reason = payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
            // A close frame without a code reads as 1005 (RFC 6455 §7.1.5); wslay reports it as 0.
            let code = statusCode == 0 ? 1005 : Int(statusCode)
            closeStatus.withLock { $0 = (code, reason) }
            if let wslay, wslay_event_get_close_sent(wslay) == 0 {
                peerClosedFirst = true
            }
            trace?.event("peer closed with \(code)\(reason.isEmpty ? "" : " (\(reason))")")
        default:
            break
        }
    }

    /// Resumes the senders whose messages were written to the socket.
    private func completeSends() {
        var written = 0
        var index = 0
        while index < sendsInFlight.count, sendsInFlight[index].end <= flushedBytes {
            written += sendsInFlight[index].bytes
            sendsInFlight[index].done?.resume(returning: .success(()))
            index += 1
        }
        guard index > 0 else {
            return
        }
        sendsInFlight.removeFirst(index)
        requests.withLock { $0.unsentBytes -= written }
    }

    /// A ping unanswered within the timeout means a dead peer: the connection fails with ``RepositoryError/timeout``.
    private func checkDeadlines(now: ContinuousClock.Instant) {
        if failure == nil, let ping = pingsInFlight.first, now >= ping.deadline {
            failure = .timeout
            trace?.event("no pong within \(timeout) s: the peer is not answering")
        }
    }

    /// Finishes the connection once the closing handshake completed, the close wait ran out, or it failed.
    private func checkEnd(now: ContinuousClock.Instant) {
        guard let wslay else {
            return
        }
        let closeReceived = wslay_event_get_close_received(wslay) != 0
        let closeSent = wslay_event_get_close_sent(wslay) != 0
        let sentCode = Int(wslay_event_get_status_code_sent(wslay))
        if closeSent, !userClosed, !peerClosedFirst, Self.violationCodes.contains(sentCode), outputStart >= output.count
        {
            // wslay closed because the peer broke the protocol (1002), sent invalid UTF-8 (1007) or too large a
            // message (1009): the stream throws, whatever the peer answers.
            finish(.failed(violation(sentCode)))
            return
        }
        if let failure {
            if case .timeout = failure {
                finish(.failed(failure))
            } else {
                // After the peer's close, or our own close(), a dropped connection is the end of a close.
                finish(closeReceived || userClosed ? .closed : .failed(failure))
            }
            return
        }
        if closeSent && closeDeadline == nil {
            // Whoever started it, a close waits a bounded time for its other half.
            closeDeadline = now + .milliseconds(CurlTransfer.milliseconds(min(timeout, Self.closeWait)))
        }
        let drained =
            wslay_event_want_read(wslay) == 0 && wslay_event_want_write(wslay) == 0
            && outputStart >= output.count
        if drained || (closeReceived && closeSent && outputStart >= output.count) {
            finish(.closed)
            return
        }
        if let closeDeadline, now >= closeDeadline {
            let violated = closeSent && !userClosed && !peerClosedFirst && Self.violationCodes.contains(sentCode)
            finish(violated ? .failed(violation(sentCode)) : .closed)
        }
    }

    /// Ends the connection (loop thread): everything waiting is resumed, the inbox ends; the loop then removes and
    /// frees the handle.
    func finish(_ end: WebSocketInbox.End) {
        guard phase != .finished else {
            return
        }
        phase = .finished
        let error: RepositoryError
        switch end {
        case .closed: error = closedError(while: "sending")
        case .failed(let failure): error = failure
        }
        resumeOpening(
            .failure(
                RepositoryError.noNetworkConnection(
                    TransportError(code: .connectionLost, message: "the WebSocket to \(url.absoluteString) ended"))))
        let pending = requests.withLock { requests in
            defer {
                requests.messages = []
                requests.pings = []
                requests.closeWaiters = []
                requests.ended = error
            }
            return (requests.messages.compactMap(\.done), requests.pings, requests.closeWaiters)
        }
        for done in pending.0 + pending.1 + sendsInFlight.compactMap(\.done) + pingsInFlight.map(\.done) {
            done.resume(returning: .failure(error))
        }
        sendsInFlight = []
        pingsInFlight = []
        inbox.finish(end)
        for waiter in pending.2 {
            waiter.resume()
        }
        if case .failed(let failure) = end, phase != .connecting {
            trace?.event("failed (\(Self.summary(of: failure)))")
        }
    }

    /// The error of a request made after the socket closed.
    func closedError(while action: String) -> RepositoryError {
        let status = closeStatus.withLock { $0 }
        let detail = status.map { " (closed with \($0.code)\($0.reason.isEmpty ? "" : ": \($0.reason)"))" } ?? ""
        return .noNetworkConnection(
            TransportError(
                code: .connectionLost, message: "the WebSocket to \(url.absoluteString) is closed\(detail)"))
    }

    private func brokenConnection(_ reason: String) -> RepositoryError {
        .noNetworkConnection(
            TransportError(code: .connectionLost, message: "the WebSocket to \(url.absoluteString) broke: \(reason)"))
    }

    private func violation(_ code: Int) -> RepositoryError {
        let what: (TransportError.Code, String) =
            switch code {
            case 1007: (.invalidResponse, "the peer sent a text message that is not valid UTF-8")
            case 1009:
                (.responseTooLarge, "the peer sent a message larger than the maximum of \(maximumMessageSize) bytes")
            default: (.invalidResponse, "the peer broke the WebSocket protocol")
            }
        return .noNetworkConnection(
            TransportError(
                code: what.0, message: "the WebSocket to \(url.absoluteString) failed: \(what.1) (closed with \(code))")
        )
    }

    /// A failure for the debug log, without the URL (whose query may carry a token).
    static func summary(of failure: RepositoryError) -> String {
        switch failure {
        case .timeout: "no answer within the timeout"
        case .noNetworkConnection(let error): "\(error.code)"
        case .cancelled: "cancelled"
        default: "error"
        }
    }

    /// How much written output may stay at the front of the buffer before it is dropped.
    static let compactionThreshold = 64 * 1024
    /// The largest output buffer kept between passes (a larger one, from a large message, is given back).
    static let keptOutputCapacity = 4 << 20
    /// The close codes wslay sends when the peer breaks the protocol.
    static let violationCodes: Set<Int> = [1002, 1007, 1009]
    /// The longest ``WebSocket/close(code:reason:)`` waits for the peer's close frame.
    static let closeWait: TimeInterval = 5
}
