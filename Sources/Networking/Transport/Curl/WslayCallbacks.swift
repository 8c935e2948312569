import CWslay

/// wslay's C callbacks for a client context. Each captures nothing and reaches its ``CurlWebSocketConnection``
/// through the `Unmanaged` user pointer; the event loop keeps the connection alive while wslay may call them, and
/// calls wslay only on its own thread.
enum WslayCallbacks {
    /// Reads for wslay. "Would block" and failures must be set explicitly: -1 with no error set reads as would-block.
    static let receive: wslay_event_recv_callback = { context, buffer, length, _, user in
        guard let user, let buffer else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
            return -1
        }
        let connection = Unmanaged<CurlWebSocketConnection>.fromOpaque(user).takeUnretainedValue()
        switch connection.receive(into: UnsafeMutableRawBufferPointer(start: buffer, count: length)) {
        case nil:
            wslay_event_set_error(context, Int32(WSLAY_ERR_WOULDBLOCK.rawValue))
            return -1
        case let count? where count < 0:
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
            return -1
        case let count?:
            return count
        }
    }

    /// Takes framed bytes from wslay into the connection's output; never blocks, so a pass writes everything
    /// framed with one `curl_easy_send`.
    static let send: wslay_event_send_callback = { context, data, length, _, user in
        guard let user, let data else {
            wslay_event_set_error(context, Int32(WSLAY_ERR_CALLBACK_FAILURE.rawValue))
            return -1
        }
        let connection = Unmanaged<CurlWebSocketConnection>.fromOpaque(user).takeUnretainedValue()
        connection.append(UnsafeRawBufferPointer(start: data, count: length))
        return length
    }

    /// Fills a frame's masking key from OpenSSL's secure generator (RFC 6455 §5.3: unpredictable).
    static let generateMask: wslay_event_genmask_callback = { _, buffer, length, _ in
        SecureRandom.fill(UnsafeMutableRawBufferPointer(start: buffer, count: length))
        return 0
    }

    /// A whole message (data, ping, pong or close) arrived.
    static let messageReceived: wslay_event_on_msg_recv_callback = { _, argument, user in
        guard let user, let argument else {
            return
        }
        let connection = Unmanaged<CurlWebSocketConnection>.fromOpaque(user).takeUnretainedValue()
        let message = argument.pointee
        connection.received(
            opcode: message.opcode, payload: UnsafeRawBufferPointer(start: message.msg, count: message.msg_length),
            statusCode: message.status_code)
    }
}
