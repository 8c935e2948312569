import CWslay

extension MockWebSocketEngine {
    /// wslay's callbacks: global C functions that reach the engine through the context's user pointer (an
    /// unretained ``MockWebSocketEngine``, which frees the context before it goes).
    static func makeCallbacks() -> wslay_event_callbacks {
        wslay_event_callbacks(
            recv_callback: mockWebSocketRecv,
            send_callback: mockWebSocketSend,
            genmask_callback: nil,
            on_frame_recv_start_callback: nil,
            on_frame_recv_chunk_callback: nil,
            on_frame_recv_end_callback: nil,
            on_msg_recv_callback: mockWebSocketMessage)
    }
}

/// Tells wslay what an I/O attempt did: the byte count, or -1 with the error that says whether to wait
/// (`WSLAY_ERR_WOULDBLOCK`) or give up (`WSLAY_ERR_CALLBACK_FAILURE`; -1 without an error reads as "wait").
private func report(_ attempt: MockServerStream.Attempt, to context: OpaquePointer) -> Int {
    switch attempt {
    case .bytes(let count):
        return count
    case .wouldBlock:
        wslay_event_set_error(context, WSLAY_ERR_WOULDBLOCK.rawValue)
        return -1
    case .closed:
        wslay_event_set_error(context, WSLAY_ERR_CALLBACK_FAILURE.rawValue)
        return -1
    }
}

private func mockWebSocketRecv(
    _ context: OpaquePointer?, _ buffer: UnsafeMutablePointer<UInt8>?, _ length: Int, _ flags: Int32,
    _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return -1 }
    guard let buffer, let user, length > 0 else { return report(.closed, to: context) }
    let engine = Unmanaged<MockWebSocketEngine>.fromOpaque(user).takeUnretainedValue()
    return report(engine.receive(into: buffer, count: length), to: context)
}

private func mockWebSocketSend(
    _ context: OpaquePointer?, _ data: UnsafePointer<UInt8>?, _ length: Int, _ flags: Int32,
    _ user: UnsafeMutableRawPointer?
) -> Int {
    guard let context else { return -1 }
    guard let data, let user, length > 0 else { return report(.closed, to: context) }
    let engine = Unmanaged<MockWebSocketEngine>.fromOpaque(user).takeUnretainedValue()
    let more = flags & Int32(WSLAY_MSG_MORE.rawValue) != 0
    return report(engine.transmit(data, count: length, more: more), to: context)
}

private func mockWebSocketMessage(
    _ context: OpaquePointer?, _ argument: UnsafePointer<wslay_event_on_msg_recv_arg>?,
    _ user: UnsafeMutableRawPointer?
) {
    guard let argument, let user else { return }
    let engine = Unmanaged<MockWebSocketEngine>.fromOpaque(user).takeUnretainedValue()
    let message = argument.pointee
    engine.deliver(
        opcode: message.opcode, payload: UnsafeBufferPointer(start: message.msg, count: message.msg_length),
        statusCode: message.status_code)
}
