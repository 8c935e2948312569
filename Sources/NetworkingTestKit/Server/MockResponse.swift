public import Foundation
public import Networking

/// What ``MockServer`` answers to one request: a status, header fields and a body (given, or generated as
/// it is written), optionally delayed, throttled, chunked or failing.
///
/// `Content-Length` is added unless the response is chunked or raw, or the header fields already
/// carry one (to test a wrong length on purpose).
///
/// ```swift
/// server.enqueue(MockResponse(status: 200, json: #"{"id": 1}"#))
/// server.enqueue(MockResponse(status: 503).delayed(by: 0.5))
/// server.enqueue(MockResponse(body: Data(count: 4096)).throttled(bytesPerSecond: 1024))
/// server.enqueue(.raw(Data("garbage\r\n\r\n".utf8)))
/// server.enqueue(.generated(size: 1 << 30).failing(.disconnectAfterBodyBytes(1000)))  // streamed, never in memory
/// ```
public struct MockResponse: Sendable {
    /// The status code, for example `200`.
    public var status: Int
    /// The reason phrase of the status line; `nil` uses the standard phrase for ``status``.
    public var reason: String?
    /// The header fields in the order they are written; repeated fields are written repeatedly.
    public var headers: HTTPHeaders
    /// The body.
    public var body: Data
    /// When set, the body is this many bytes of a generated pattern, streamed as it is written, instead of
    /// ``body``; see ``generated(size:chunked:status:contentType:)``.
    public var generatedBodySize: Int?
    /// When set, the body is sent with `Transfer-Encoding: chunked` in chunks of at most this many bytes.
    public var chunkSize: Int?
    /// When set, exactly these bytes are written instead of a status line, header fields and body.
    public var rawBytes: Data?
    /// How long the server waits before writing anything, in seconds.
    public var delay: TimeInterval = 0
    /// When set, the whole response (head and body) is written at about this many bytes per second.
    public var bytesPerSecond: Int?
    /// When set, the response fails in this way instead of completing.
    public var fault: Fault?

    /// Creates a response.
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: Header fields, written sorted by name.
    ///   - body: The body.
    public init(status: Int = 200, headers: [String: String] = [:], body: Data = Data()) {
        self.init(status: status, headerFields: HTTPHeaders(headers).map { ($0.name, $0.value) }, body: body)
    }

    /// Creates a response whose header fields keep their order and may repeat (several `Set-Cookie`).
    /// - Parameters:
    ///   - status: The status code.
    ///   - headerFields: Names and values in the order they are written.
    ///   - body: The body.
    public init(status: Int = 200, headerFields: [(String, String)], body: Data = Data()) {
        self.status = status
        self.headers = HTTPHeaders(fields: headerFields.map { (name: $0.0, value: $0.1) })
        self.body = body
    }

    /// Creates a response with a JSON body and `Content-Type: application/json` (unless `headers` has one).
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: More header fields.
    ///   - json: The JSON text, sent as UTF-8.
    public init(status: Int = 200, headers: [String: String] = [:], json: String) {
        self.init(status: status, headers: headers, body: Data(json.utf8))
        if !self.headers.contains("Content-Type") {
            self.headers["Content-Type"] = "application/json"
        }
    }

    /// Creates a response with a plain-text body and `Content-Type: text/plain; charset=utf-8`
    /// (unless `headers` has one).
    /// - Parameters:
    ///   - status: The status code.
    ///   - headers: More header fields.
    ///   - text: The text, sent as UTF-8.
    public init(status: Int = 200, headers: [String: String] = [:], text: String) {
        self.init(status: status, headers: headers, body: Data(text.utf8))
        if !self.headers.contains("Content-Type") {
            self.headers["Content-Type"] = "text/plain; charset=utf-8"
        }
    }

    /// A response that writes exactly `bytes` and nothing else, for malformed-response tests; the
    /// connection is closed afterwards.
    /// - Parameter bytes: The bytes to write.
    /// - Returns: The response.
    public static func raw(_ bytes: Data) -> MockResponse {
        var response = MockResponse()
        response.rawBytes = bytes
        return response
    }

    /// A copy sent with `Transfer-Encoding: chunked`.
    /// - Parameter size: The largest chunk, in bytes (at least 1).
    /// - Returns: The chunked response.
    public func chunked(size: Int = 1024) -> MockResponse {
        var response = self
        response.chunkSize = max(1, size)
        return response
    }

    /// A copy with one more header field, kept even when a field of that name exists.
    /// - Parameters:
    ///   - name: The field name.
    ///   - value: The field value.
    /// - Returns: The response with the field added.
    public func addingHeader(_ name: String, _ value: String) -> MockResponse {
        var response = self
        response.headers.add(name: name, value: value)
        return response
    }
}
