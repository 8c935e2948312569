/// The bytes a WebSocket session writes, gathered so that a frame's header and payload (which wslay hands over
/// separately) leave in one send, and scanned to count the frames sent. Owned by the connection's thread.
final class MockWebSocketOutput {
    /// The most bytes gathered; a larger payload is written from wslay's buffer directly.
    static let gatherLimit = 64 * 1024

    /// The frames gathered or written so far (bytes appended unframed are not scanned).
    private(set) var frames = MockWebSocketFrameScanner()
    private var bytes: [UInt8] = []
    private var offset = 0

    init() {
        bytes.reserveCapacity(Self.gatherLimit)
    }

    /// Whether every gathered byte has been written.
    var isEmpty: Bool {
        offset == bytes.count
    }

    /// Whether `count` more bytes may be gathered.
    func fits(_ count: Int) -> Bool {
        bytes.count - offset + count <= Self.gatherLimit
    }

    /// Gathers bytes to write after those gathered before.
    /// - Parameter framed: Whether they are frames (then counted), as opposed to raw bytes.
    func append(_ data: UnsafeRawBufferPointer, framed: Bool) {
        bytes.append(contentsOf: data)
        if framed {
            frames.scan(data)
        }
    }

    /// Counts the frames in bytes written directly, without gathering.
    func noteWritten(_ data: UnsafeRawBufferPointer) {
        frames.scan(data)
    }

    /// Writes gathered bytes until the socket is full.
    /// - Returns: How many bytes were written, and whether the connection turned out closed.
    func flush(to stream: MockServerStream) -> (written: Int, closed: Bool) {
        var written = 0
        var closed = false
        while offset < bytes.count {
            let start = offset
            let attempt = bytes.withUnsafeBytes { raw -> MockServerStream.Attempt in
                guard let base = raw.baseAddress else { return .closed }
                return stream.writeAvailable(base + start, count: raw.count - start)
            }
            guard case .bytes(let count) = attempt else {
                closed = attempt == .closed
                break
            }
            offset += count
            written += count
        }
        if offset == bytes.count {
            bytes.removeAll(keepingCapacity: true)
            offset = 0
        }
        return (written, closed)
    }
}
