import Foundation

/// Writes one ``MockResponse`` to a connection as a stream: the head, then the payload piece by piece
/// (framed in chunks when chunked, cut short when a fault says so), never building the whole response, so
/// that generated bodies of gigabytes go out in constant memory.
///
/// Small writes are gathered (the head leaves with the first body bytes); a throttled response leaves in
/// steps of a twentieth of a second's worth, each step no earlier than the rate allows since the first.
struct MockServerResponseWriter {
    /// The most bytes gathered before they are written.
    static let bufferSize = 64 * 1024

    private let stream: MockServerStream
    private let core: MockServerCore
    private let bytesPerSecond: Int?
    private var pending: [UInt8] = []
    /// Bytes written so far, for pacing.
    private var written = 0
    private var started: ContinuousClock.Instant?

    init(stream: MockServerStream, core: MockServerCore, bytesPerSecond: Int?) {
        self.stream = stream
        self.core = core
        self.bytesPerSecond = bytesPerSecond.map { max(1, $0) }
        pending.reserveCapacity(Self.bufferSize)
    }

    /// Writes `response`.
    /// - Parameters:
    ///   - response: The response.
    ///   - omitBody: Whether the request was `HEAD`.
    ///   - closing: Whether the connection closes after it (adds `Connection: close`).
    /// - Returns: Whether every byte was written (false when the client went away or the server stopped).
    mutating func write(_ response: MockResponse, omitBody: Bool, closing: Bool) -> Bool {
        let framing = response.framing(omitBody: omitBody, closing: closing)
        guard send(framing.head) else { return false }
        guard framing.sendsBody else { return flush() }
        var remaining = framing.payloadLimit ?? Int.max
        var failed = false
        let chunked = framing.chunkSize != nil
        let completed = response.forEachPayloadPiece(maximumPiece: framing.chunkSize ?? Self.bufferSize) { piece in
            let allowed = piece.prefix(remaining)
            remaining -= allowed.count
            let cut = allowed.count < piece.count
            if chunked {
                let size = Data((String(piece.count, radix: 16) + "\r\n").utf8)
                failed = !(send(size) && send(allowed) && (cut || send(Data("\r\n".utf8))))
            } else {
                failed = !send(allowed)
            }
            if !failed {
                core.addBodyBytesSent(allowed.count)
            }
            return !failed && !cut
        }
        guard !failed else { return false }
        // A chunked body cut by disconnectDuringBody never ends, even when it is empty.
        if chunked && completed && response.fault != .disconnectDuringBody {
            guard send(Data("0\r\n\r\n".utf8)) else { return false }
        }
        // A body cut short ends here: what was gathered goes out, and the caller closes the connection.
        return flush()
    }

    /// Gathers `data`, writing whatever fills a step (throttled) or the buffer.
    private mutating func send(_ data: Data) -> Bool {
        guard !data.isEmpty else { return true }
        let unit = bytesPerSecond.map { max(1, $0 / 20) } ?? Self.bufferSize
        var rest = data[...]
        if pending.count + rest.count < unit {
            pending.append(contentsOf: rest)
            return true
        }
        if !pending.isEmpty {
            let fill = rest.prefix(unit - pending.count)
            pending.append(contentsOf: fill)
            rest = rest.dropFirst(fill.count)
            guard writeStep(pending) else { return false }
            pending.removeAll(keepingCapacity: true)
        }
        while rest.count >= unit {
            let step = rest.prefix(unit)
            guard writeStep(step) else { return false }
            rest = rest.dropFirst(step.count)
        }
        pending.append(contentsOf: rest)
        return true
    }

    /// Writes whatever is gathered.
    private mutating func flush() -> Bool {
        guard !pending.isEmpty else { return true }
        defer { pending.removeAll(keepingCapacity: true) }
        return writeStep(pending)
    }

    /// Writes one step, first waiting until the rate allows it when throttled.
    private mutating func writeStep(_ bytes: some ContiguousBytes & Collection<UInt8>) -> Bool {
        if let bytesPerSecond {
            let started = self.started ?? .now
            self.started = started
            let due = started + .seconds(Double(written) / Double(bytesPerSecond))
            let wait = ContinuousClock.now.duration(to: due)
            if wait > .zero {
                let (seconds, attoseconds) = wait.components
                guard core.pause(Double(seconds) + Double(attoseconds) / 1e18) else { return false }
            }
        }
        written += bytes.count
        return bytes.withUnsafeBytes { stream.write($0) }
    }
}
