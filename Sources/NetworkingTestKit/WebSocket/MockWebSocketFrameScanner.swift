/// Counts WebSocket frames in a byte stream as it passes, reading only their headers (2 to 14 bytes) and
/// skipping their payloads, however the stream is cut into pieces.
///
/// It sees what wslay does not report: wslay's server context rejects an unmasked frame before any callback,
/// so the scanner is what counts it.
struct MockWebSocketFrameScanner {
    /// Frames whose header has been read.
    private(set) var frames = 0
    /// Of those, frames without the mask bit.
    private(set) var unmaskedFrames = 0
    /// Of those, pings (opcode 9).
    private(set) var pings = 0
    /// Of those, pongs (opcode 10).
    private(set) var pongs = 0

    /// The header bytes of the frame being read (at most 14).
    private var header: [UInt8] = []
    /// The payload bytes of the current frame still to skip.
    private var payloadRemaining: UInt64 = 0

    init() {
        header.reserveCapacity(14)
    }

    /// Whether the next byte starts a new frame.
    var isAtFrameStart: Bool {
        header.isEmpty && payloadRemaining == 0
    }

    /// Reads the next bytes of the stream.
    /// - Parameters:
    ///   - bytes: The bytes.
    ///   - stoppingAtFrameEnd: Whether to stop right after the end of a frame.
    /// - Returns: How many bytes were read: all of them, or fewer when it stopped at the end of a frame.
    @discardableResult
    mutating func scan(_ bytes: UnsafeRawBufferPointer, stoppingAtFrameEnd: Bool = false) -> Int {
        var index = 0
        while index < bytes.count {
            if payloadRemaining > 0 {
                let skipped = Int(min(payloadRemaining, UInt64(bytes.count - index)))
                payloadRemaining -= UInt64(skipped)
                index += skipped
            } else {
                header.append(bytes[index])
                index += 1
                guard let length = headerLength(), header.count == length else { continue }
                finishHeader()
            }
            if stoppingAtFrameEnd && isAtFrameStart {
                return index
            }
        }
        return index
    }

    /// The full header length once its first two bytes are known.
    private func headerLength() -> Int? {
        guard header.count >= 2 else { return nil }
        let extended: Int =
            switch header[1] & 0x7F {
            case 126: 2
            case 127: 8
            default: 0
            }
        return 2 + extended + (header[1] & 0x80 != 0 ? 4 : 0)
    }

    private mutating func finishHeader() {
        frames += 1
        if header[1] & 0x80 == 0 {
            unmaskedFrames += 1
        }
        switch header[0] & 0x0F {
        case 0x9: pings += 1
        case 0xA: pongs += 1
        default: break
        }
        let short = UInt64(header[1] & 0x7F)
        switch short {
        case 126:
            payloadRemaining = UInt64(header[2]) << 8 | UInt64(header[3])
        case 127:
            payloadRemaining = header[2..<10].reduce(0) { $0 << 8 | UInt64($1) }
        default:
            payloadRemaining = short
        }
        header.removeAll(keepingCapacity: true)
    }
}
