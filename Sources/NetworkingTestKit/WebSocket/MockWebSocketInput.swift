import Foundation

/// The received bytes of a WebSocket session on their way to wslay: read from the socket 64 KiB at a time (after
/// the bytes the HTTP parser had read past the upgrade request), scanned for frame headers, and handed over at
/// most one frame at a time, so that the engine can hold a close frame back while messages wait unread.
///
/// Holding back matters because wslay queues its close reply as soon as it parses a close frame, and queues
/// nothing after it: a handler could then not answer the messages the client sent just before closing.
/// Owned by the connection's thread.
final class MockWebSocketInput {
    /// The most bytes read from the socket at once.
    static let capacity = 64 * 1024

    /// The frames handed over so far (the scanner reads every byte handed over, and only those).
    private(set) var frames = MockWebSocketFrameScanner()
    private var bytes: [UInt8]
    private var start = 0
    private var end: Int

    init(prefetched: [UInt8]) {
        end = prefetched.count
        bytes = prefetched + [UInt8](repeating: 0, count: max(0, Self.capacity - prefetched.count))
    }

    /// Whether every byte read has been handed over.
    var isEmpty: Bool {
        start == end
    }

    /// Whether the next byte to hand over starts a close frame.
    var closeFrameIsNext: Bool {
        start < end && frames.isAtFrameStart && bytes[start] & 0x0F == 0x8
    }

    /// Reads what the socket holds, once the bytes read before are all handed over.
    /// - Returns: The stream's answer (the byte count read, ``MockServerStream/Attempt/wouldBlock``, or
    ///   ``MockServerStream/Attempt/closed``).
    func refill(from stream: MockServerStream) -> MockServerStream.Attempt {
        guard isEmpty else { return .bytes(end - start) }
        start = 0
        end = 0
        let attempt = bytes.withUnsafeMutableBytes { raw -> MockServerStream.Attempt in
            guard let base = raw.baseAddress else { return .closed }
            return stream.readAvailable(into: base, count: raw.count)
        }
        if case .bytes(let count) = attempt {
            end = count
        }
        return attempt
    }

    /// Copies bytes read into `buffer`: at most `count`, and never past the end of the current frame.
    /// - Returns: How many were copied (at least one unless nothing is left).
    func hand(into buffer: UnsafeMutablePointer<UInt8>, count: Int) -> Int {
        let available = min(count, end - start)
        guard available > 0 else { return 0 }
        let first = start
        let taken = bytes.withUnsafeBytes { raw -> Int in
            let piece = UnsafeRawBufferPointer(rebasing: raw[first..<first + available])
            let taken = frames.scan(piece, stoppingAtFrameEnd: true)
            if let base = piece.baseAddress {
                UnsafeMutableRawPointer(buffer).copyMemory(from: base, byteCount: taken)
            }
            return taken
        }
        start += taken
        return taken
    }
}
