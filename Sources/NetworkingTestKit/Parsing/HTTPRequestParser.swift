import Foundation
import Networking

/// An incremental HTTP/1.1 request parser with limits: feed it bytes as they arrive and take
/// complete requests out, in order (pipelined requests included).
///
/// Bodies are framed by `Content-Length` or `Transfer-Encoding: chunked` (trailers are read and
/// dropped); a request with neither has no body. Bodies have no size limit: each streams through a
/// ``RequestBodyRecorder`` (measured, hashed, kept up to ``maximumRecordedBodySize``, split into parts when
/// multipart), so a body of gigabytes never sits in memory.
struct HTTPRequestParser {
    /// The largest request line, in bytes.
    static let maximumRequestLineBytes = 8 * 1024
    /// The largest head (request line and header fields), in bytes.
    static let maximumHeadBytes = 64 * 1024
    /// The most header fields in one request.
    static let maximumHeaderCount = 100
    /// The default of ``maximumRecordedBodySize``: 64 MiB.
    static let defaultMaximumRecordedBodySize = 64 * 1024 * 1024

    /// Where the parser is inside the current request.
    enum State {
        case head
        case body(remaining: Int)
        case chunkSize
        case chunkData(remaining: Int)
        case chunkDataEnd
        case trailers
    }

    /// A parsed request line and header fields waiting for their body.
    struct Head {
        var method: String
        var target: String
        var version: String
        var headers: HTTPHeaders
        var expectsContinue: Bool
    }

    let connectionIndex: Int
    var buffer: [UInt8] = []
    /// Index of the first byte in `buffer` not consumed yet.
    var offset = 0
    var state = State.head
    var head: Head?
    /// The body of the current request as it streams in; set once its head is parsed.
    var recorder: RequestBodyRecorder?
    /// The largest body kept in the next recorded request's `body`; read when each head is parsed.
    var maximumRecordedBodySize = Self.defaultMaximumRecordedBodySize
    /// Where the search for the end of the head resumes, so bytes are scanned once.
    private var headScanFrom = 0
    private var continueAnswered = false

    init(connectionIndex: Int) {
        self.connectionIndex = connectionIndex
    }

    /// Adds received bytes.
    mutating func append(_ bytes: some Sequence<UInt8>) {
        if offset > 0 && offset == buffer.count {
            buffer.removeAll(keepingCapacity: true)
            headScanFrom = 0
            offset = 0
        } else if offset > 64 * 1024 {
            buffer.removeFirst(offset)
            headScanFrom = max(0, headScanFrom - offset)
            offset = 0
        }
        buffer.append(contentsOf: bytes)
    }

    /// Removes and returns the bytes received after the last complete request, which belong to another
    /// protocol after an upgrade (WebSocket frames the client sent right behind its upgrade request).
    mutating func takeUnparsedBytes() -> [UInt8] {
        let rest = Array(buffer[offset...])
        buffer.removeAll()
        offset = 0
        headScanFrom = 0
        return rest
    }

    /// Whether the client waits for `100 Continue` before sending the body; true once per request.
    mutating func takeContinueRequest() -> Bool {
        guard let head, head.expectsContinue, !continueAnswered else { return false }
        continueAnswered = true
        return true
    }

    /// The bytes of the current request's body received so far, or `nil` when no body is arriving (no head
    /// parsed yet, or a body already complete).
    var bodyBytesReceived: Int? {
        switch state {
        case .head: nil
        case .body(let remaining): remaining > 0 ? recorder?.size : nil
        case .chunkSize, .chunkData, .chunkDataEnd, .trailers: recorder?.size
        }
    }

    /// Moves up to `remaining` buffered bytes into the body.
    /// - Returns: How many bytes of the `remaining` are still to come.
    mutating func takeBody(_ remaining: Int) -> Int {
        let available = min(remaining, buffer.count - offset)
        recorder?.consume(buffer[offset..<offset + available])
        offset += available
        return remaining - available
    }

    /// The next complete request, or `nil` when more bytes are needed.
    /// - Throws: ``HTTPParseError`` for a malformed request.
    mutating func next() throws(HTTPParseError) -> RecordedRequest? {
        while true {
            switch state {
            case .head:
                guard try parseHead() else { return nil }
            case .body(let remaining):
                let left = takeBody(remaining)
                guard left == 0 else {
                    state = .body(remaining: left)
                    return nil
                }
                return finish()
            case .chunkSize, .chunkData, .chunkDataEnd, .trailers:
                guard try parseChunked() else { return nil }
                return finish()
            }
        }
    }

    private mutating func finish() -> RecordedRequest? {
        guard let head, let recording = recorder?.finish() else { return nil }
        let request = RecordedRequest(
            method: head.method, target: head.target, version: head.version, headers: head.headers,
            recording: recording, connectionIndex: connectionIndex)
        self.head = nil
        recorder = nil
        state = .head
        continueAnswered = false
        return request
    }

    /// Parses the head when it is complete; returns false when more bytes are needed.
    private mutating func parseHead() throws(HTTPParseError) -> Bool {
        // Tolerate empty lines before a request line (RFC 9112 §2.2).
        while buffer.count - offset >= 2 && buffer[offset] == 13 && buffer[offset + 1] == 10 {
            offset += 2
        }
        try checkMethodBytes()
        guard let end = findHeadEnd() else {
            // The pending bytes may end with part of the terminator (up to 3 bytes of CRLFCRLF, or the CR of
            // the request line's CRLF): a limit is exceeded only when the bytes before it already exceed it,
            // so that a request is judged the same whether it arrives whole or in pieces.
            let pending = buffer.count - offset
            if pending - 3 > Self.maximumHeadBytes {
                throw HTTPParseError("request head longer than \(Self.maximumHeadBytes) bytes")
            }
            if pending - 1 > Self.maximumRequestLineBytes && firstLineEnd() == nil {
                throw HTTPParseError("request line longer than \(Self.maximumRequestLineBytes) bytes")
            }
            return false
        }
        if end - offset > Self.maximumHeadBytes {
            throw HTTPParseError("request head longer than \(Self.maximumHeadBytes) bytes")
        }
        let text = String(decoding: buffer[offset..<end], as: UTF8.self)
        offset = end + 4
        headScanFrom = offset
        var lines = text.components(separatedBy: "\r\n")
        let requestLine = lines.removeFirst()
        if requestLine.utf8.count > Self.maximumRequestLineBytes {
            throw HTTPParseError("request line longer than \(Self.maximumRequestLineBytes) bytes")
        }
        var parsed = try Self.parseRequestLine(requestLine)
        if lines.count > Self.maximumHeaderCount {
            throw HTTPParseError("more than \(Self.maximumHeaderCount) header fields")
        }
        for line in lines {
            let field = try Self.parseField(line)
            parsed.headers.add(name: field.name, value: field.value)
        }
        parsed.expectsContinue = parsed.headers["Expect"]?.lowercased() == "100-continue"
        state = try Self.bodyState(parsed.headers)
        let length: Int? =
            switch state {
            case .body(let remaining): remaining
            default: nil
            }
        recorder = RequestBodyRecorder(
            contentType: parsed.headers["Content-Type"], expectedLength: length, keepLimit: maximumRecordedBodySize)
        head = parsed
        return true
    }

    /// Rejects at once a request whose method (the bytes before the first space or line end) holds a byte no
    /// method may hold, such as a TLS ClientHello sent to a plain server, rather than waiting for a line end that
    /// may never come.
    private func checkMethodBytes() throws(HTTPParseError) {
        for byte in buffer[offset...] {
            if byte == 32 || byte == 13 || byte == 10 {
                return
            }
            guard Self.isTokenCharacter(Unicode.Scalar(byte)) else {
                let hex = String(byte, radix: 16, uppercase: true)
                let hint = byte == 0x16 ? " (a TLS handshake sent to a plain HTTP server?)" : ""
                throw HTTPParseError("malformed method: byte 0x\(hex)\(hint)")
            }
        }
    }

    private mutating func findHeadEnd() -> Int? {
        var index = max(offset, headScanFrom)
        while index + 3 < buffer.count {
            if buffer[index] == 13 && buffer[index + 1] == 10 && buffer[index + 2] == 13 && buffer[index + 3] == 10 {
                return index
            }
            index += 1
        }
        headScanFrom = max(offset, buffer.count - 3)
        return nil
    }

    private func firstLineEnd() -> Int? {
        buffer[offset...].firstIndex(of: 10)
    }

    private static func parseRequestLine(_ line: String) throws(HTTPParseError) -> Head {
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, !parts[0].isEmpty, !parts[1].isEmpty else {
            throw HTTPParseError("malformed request line \"\(line.prefix(200))\"")
        }
        guard parts[0].unicodeScalars.allSatisfy(isTokenCharacter) else {
            throw HTTPParseError("malformed method \"\(parts[0].prefix(50))\"")
        }
        guard parts[2] == "HTTP/1.1" || parts[2] == "HTTP/1.0" else {
            throw HTTPParseError("unsupported HTTP version \"\(parts[2].prefix(50))\"")
        }
        guard !parts[1].contains(where: { $0.isWhitespace || $0.asciiValue.map { $0 < 32 } == true }) else {
            throw HTTPParseError("malformed request target")
        }
        return Head(
            method: String(parts[0]), target: String(parts[1]), version: String(parts[2]), headers: HTTPHeaders(),
            expectsContinue: false)
    }

    private static func parseField(_ line: String) throws(HTTPParseError) -> (name: String, value: String) {
        guard let colon = line.firstIndex(of: ":") else {
            throw HTTPParseError("header line without a colon: \"\(line.prefix(200))\"")
        }
        let name = line[..<colon]
        guard !name.isEmpty, name.unicodeScalars.allSatisfy(isTokenCharacter) else {
            throw HTTPParseError("malformed header field name \"\(name.prefix(100))\"")
        }
        let value = line[line.index(after: colon)...].trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
        return (String(name), value)
    }

    private static func bodyState(_ headers: HTTPHeaders) throws(HTTPParseError) -> State {
        if let encoding = headers["Transfer-Encoding"] {
            guard !headers.contains("Content-Length") else {
                throw HTTPParseError("both Transfer-Encoding and Content-Length")
            }
            guard HeaderList.members(headers.values(for: "Transfer-Encoding"), lowercased: true).last == "chunked"
            else {
                throw HTTPParseError("unsupported Transfer-Encoding \"\(encoding.prefix(100))\"")
            }
            return .chunkSize
        }
        // Content-Length is no list by its grammar: an empty member makes it malformed (keepingEmpty).
        let lengths = Set(HeaderList.members(headers.values(for: "Content-Length"), keepingEmpty: true))
        guard let text = lengths.first else { return .body(remaining: 0) }
        guard lengths.count == 1, !text.isEmpty, text.utf8.count <= 18,
            text.utf8.allSatisfy({ (48...57).contains($0) }),
            let length = Int(text)
        else {
            throw HTTPParseError("malformed Content-Length \"\(text.prefix(50))\"")
        }
        return .body(remaining: length)
    }

    /// Whether a character may appear in a method or field name (RFC 9110 `tchar`).
    static func isTokenCharacter(_ scalar: Unicode.Scalar) -> Bool {
        guard scalar.isASCII else { return false }
        if ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar) {
            return true
        }
        return "!#$%&'*+-.^_`|~".unicodeScalars.contains(scalar)
    }
}
