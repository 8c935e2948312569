import Foundation
import Networking
import NetworkingTestKit

/// A minimal blocking WebSocket client for testing MockServer's WebSocket side without the real client: a
/// ``TestHTTPClient`` connection (plain or TLS, 5-second timeouts), a hand-written upgrade request, hand-made
/// frames (masked unless told otherwise) and a frame reader. Run it off the cooperative pool with `onThread`.
// @unchecked Sendable: used by one thread at a time (a test hands it from one `onThread` block to the next).
final class RawWebSocketClient: @unchecked Sendable {
    /// One frame as read from the server.
    struct Frame: Equatable {
        var fin: Bool
        var opcode: UInt8
        var masked: Bool
        var payload: [UInt8]

        var text: String { String(decoding: payload, as: UTF8.self) }

        /// The status code of a close frame, or nil when it has none.
        var closeCode: Int? {
            payload.count >= 2 ? Int(payload[0]) << 8 | Int(payload[1]) : nil
        }

        /// The reason of a close frame.
        var closeReason: String {
            payload.count > 2 ? String(decoding: payload[2...], as: UTF8.self) : ""
        }
    }

    /// The example key of RFC 6455 §1.3, whose accept value is ``sampleAccept``.
    static let sampleKey = "dGhlIHNhbXBsZSBub25jZQ=="
    static let sampleAccept = "s3pPLMBiTxaQ9kYGzzhZRbK+xOo="

    let connection: TestHTTPClient
    /// The bytes written after the upgrade request, framing included.
    private(set) var bytesSent = 0

    init(port: Int, timeout: TimeInterval = 5, trusting certificate: TestCertificate? = nil) throws {
        connection = try TestHTTPClient(port: port, timeout: timeout)
        if let certificate {
            try connection.startTLS(trusting: certificate)
        }
    }

    /// The upgrade request's head.
    static func upgradeRequest(
        _ path: String, key: String? = sampleKey, version: String = "13", method: String = "GET",
        protocols: [String] = [], headers: [String: String] = [:]
    ) -> String {
        var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        if let key {
            head += "Sec-WebSocket-Key: \(key)\r\n"
        }
        head += "Sec-WebSocket-Version: \(version)\r\n"
        if !protocols.isEmpty {
            head += "Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))\r\n"
        }
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        return head + "\r\n"
    }

    /// Sends an upgrade request (and `then`, in the same write) and reads the response: the head of a `101`,
    /// or a whole refusal.
    @discardableResult
    func upgrade(_ path: String = "/ws", protocols: [String] = [], then frames: [UInt8] = []) throws
        -> TestHTTPResponse
    {
        try upgrade(request: Self.upgradeRequest(path, protocols: protocols), then: frames)
    }

    /// Sends `request` as the upgrade request (and `then`) and reads the response.
    @discardableResult
    func upgrade(request: String, then frames: [UInt8] = []) throws -> TestHTTPResponse {
        try connection.send(Data(request.utf8) + Data(frames))
        bytesSent += frames.count
        return try connection.readResponse(skipInterim: false)
    }

    /// A frame as a client sends it: masked with a fixed key unless `masked` is false.
    static func frame(opcode: UInt8, payload: [UInt8], fin: Bool = true, masked: Bool = true) -> [UInt8] {
        var frame: [UInt8] = [(fin ? 0x80 : 0) | opcode]
        let maskBit: UInt8 = masked ? 0x80 : 0
        switch payload.count {
        case ..<126:
            frame.append(maskBit | UInt8(payload.count))
        case ..<65_536:
            frame += [maskBit | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        default:
            frame.append(maskBit | 127)
            frame += (0..<8).reversed().map { UInt8(truncatingIfNeeded: payload.count >> ($0 * 8)) }
        }
        guard masked else { return frame + payload }
        let key: [UInt8] = [0x37, 0xFA, 0x21, 0x3D]
        frame += key
        frame += payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        return frame
    }

    /// Writes bytes as they are.
    func sendRaw(_ bytes: [UInt8]) throws {
        try connection.send(Data(bytes))
        bytesSent += bytes.count
    }

    /// Sends one frame.
    func send(opcode: UInt8, _ payload: [UInt8], fin: Bool = true, masked: Bool = true) throws {
        try sendRaw(Self.frame(opcode: opcode, payload: payload, fin: fin, masked: masked))
    }

    func sendText(_ text: String) throws {
        try send(opcode: 0x1, Array(text.utf8))
    }

    func sendBinary(_ bytes: [UInt8]) throws {
        try send(opcode: 0x2, bytes)
    }

    /// Sends a close frame with a code and a reason.
    func sendClose(code: Int = 1000, reason: String = "") throws {
        try send(opcode: 0x8, [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(reason.utf8))
    }

    /// Reads one frame.
    func readFrame() throws -> Frame {
        let head = try read(2)
        var length = UInt64(head[1] & 0x7F)
        if length == 126 {
            length = try read(2).reduce(0) { $0 << 8 | UInt64($1) }
        } else if length == 127 {
            length = try read(8).reduce(0) { $0 << 8 | UInt64($1) }
        }
        let masked = head[1] & 0x80 != 0
        let key = masked ? try read(4) : []
        var payload = try read(Int(length))
        if masked {
            payload = payload.enumerated().map { $0.element ^ key[$0.offset % 4] }
        }
        return Frame(fin: head[0] & 0x80 != 0, opcode: head[0] & 0x0F, masked: masked, payload: payload)
    }

    /// Reads frames until a whole text or binary message arrived (fragments joined, control frames skipped).
    func readMessage() throws -> WebSocketMessage {
        var first = try readFrame()
        while first.opcode >= 0x8 {
            guard first.opcode != 0x8 else { throw TestClientError(description: "close frame instead of a message") }
            first = try readFrame()
        }
        var payload = first.payload
        var fin = first.fin
        while !fin {
            let next = try readFrame()
            guard next.opcode < 0x8 else { continue }
            payload += next.payload
            fin = next.fin
        }
        return first.opcode == 0x1 ? .text(String(decoding: payload, as: UTF8.self)) : .binary(Data(payload))
    }

    /// Waits until the server closes the connection, failing when a byte arrives first.
    func expectEndOfStream() throws {
        guard connection.pending.isEmpty, try !connection.fill() else {
            throw TestClientError(description: "\(connection.pending.count) bytes arrived instead of the end")
        }
    }

    private func read(_ count: Int) throws -> [UInt8] {
        while connection.pending.count < count {
            guard try connection.fill() else {
                throw TestClientError(
                    description: "connection closed after \(connection.pending.count) of \(count) bytes")
            }
        }
        defer { connection.pending.removeFirst(count) }
        return Array(connection.pending[0..<count])
    }
}
