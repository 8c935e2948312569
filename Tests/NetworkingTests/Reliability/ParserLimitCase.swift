import Testing

@testable import NetworkingTestKit

/// A request at one of `MockServer`'s parser limits, exactly at it or one byte over.
enum ParserLimitCase: String, CaseIterable, Sendable, CustomTestStringConvertible {
    case headAtLimit
    case headOverLimit
    case requestLineAtLimit
    case requestLineOverLimit
    case trailerLineAtLimit
    case trailerLineOverLimit

    var testDescription: String { rawValue }

    /// Whether the parser must accept the request.
    var accepted: Bool {
        switch self {
        case .headAtLimit, .requestLineAtLimit, .trailerLineAtLimit: true
        case .headOverLimit, .requestLineOverLimit, .trailerLineOverLimit: false
        }
    }

    /// The request's bytes.
    var bytes: [UInt8] {
        let over = accepted ? 0 : 1
        switch self {
        case .headAtLimit, .headOverLimit:
            // The head (request line and fields, without the final CRLFCRLF) is at the limit.
            let start = "GET / HTTP/1.1\r\nX: "
            let length = HTTPRequestParser.maximumHeadBytes + over - start.utf8.count
            return Array((start + String(repeating: "a", count: length) + "\r\n\r\n").utf8)
        case .requestLineAtLimit, .requestLineOverLimit:
            // The request line, without its CRLF, is at the limit.
            let length = HTTPRequestParser.maximumRequestLineBytes + over - "GET / HTTP/1.1".utf8.count
            return Array(("GET /" + String(repeating: "p", count: length) + " HTTP/1.1\r\n\r\n").utf8)
        case .trailerLineAtLimit, .trailerLineOverLimit:
            // The trailer line, without its CRLF, is at the limit.
            let length = HTTPRequestParser.maximumChunkLineBytes + over - "X-Trailer: ".utf8.count
            let field = "X-Trailer: " + String(repeating: "t", count: length)
            return Array("POST / HTTP/1.1\r\nTransfer-Encoding: chunked\r\n\r\n4\r\nabcd\r\n0\r\n\(field)\r\n\r\n".utf8)
        }
    }
}
