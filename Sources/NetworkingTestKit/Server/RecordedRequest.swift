public import Foundation
public import Networking

/// One HTTP request as ``MockServer`` received it, after the body was read in full.
///
/// Bodies of any size are accepted: each is measured and hashed as it streams in (``bodySize``,
/// ``bodySHA256``), kept in ``body`` up to ``MockServer/maximumRecordedBodySize``, and split into ``parts``
/// when it is `multipart/form-data`.
///
/// ```swift
/// let recorded = try await server.takeRequest()
/// #expect(recorded.method == "POST")
/// #expect(recorded.path == "/books")
/// #expect(recorded.headers["Content-Type"] == "application/json")
///
/// let upload = try await server.takeRequest()  // a 3 GiB upload of the generated pattern
/// #expect(upload.bodySize == 3 << 30)
/// #expect(upload.bodySHA256 == MockResponse.generatedBodySHA256(size: 3 << 30))
/// #expect(upload.body.isEmpty)  // longer than maximumRecordedBodySize: measured, not kept
/// ```
public struct RecordedRequest: Sendable {
    /// The method exactly as sent, for example `GET`.
    public let method: String
    /// The path of the request target, without the query, not percent-decoded (for example `/books/1`).
    public let path: String
    /// The query after `?` (not percent-decoded), or `nil` when the target has no `?`.
    public let query: String?
    /// The raw request target from the request line, for example `/books?page=2`.
    public let target: String
    /// The HTTP version from the request line, for example `HTTP/1.1`.
    public let version: String
    /// The header fields in received order, repeated fields kept.
    public let headers: HTTPHeaders
    /// The body; a chunked body is decoded; empty when there is none, and also when it is longer than the
    /// server's ``MockServer/maximumRecordedBodySize`` (``bodySize`` and ``bodySHA256`` still describe it).
    public let body: Data
    /// The number of body bytes received (after chunked decoding), whether or not ``body`` kept them.
    public let bodySize: Int
    /// The SHA-256 of the whole body (after chunked decoding) as 64 lowercase hex digits, computed as it
    /// streamed in; the hash of no bytes when there is no body.
    public let bodySHA256: String
    /// The parts of a `multipart/form-data` body (RFC 7578), in order, each measured and hashed as it streamed
    /// in; `nil` when the request's `Content-Type` is not `multipart/form-data`. When the body is malformed,
    /// the parts that parsed (a part cut short included) and ``multipartError`` says what was wrong.
    public let parts: [RecordedPart]?
    /// What was wrong with a `multipart/form-data` body (no boundary parameter, no closing delimiter, a
    /// malformed part header, a part without a name…), or `nil` when it parsed cleanly or is not multipart.
    public let multipartError: String?
    /// The zero-based index of the TCP connection that carried the request, in accept order;
    /// two requests with the same index travelled on one kept-alive connection.
    public let connectionIndex: Int
    /// When the server finished reading the request (its last body byte), on the continuous clock: compare
    /// two of them to see which request arrived first, or how far apart.
    public let receivedAt: ContinuousClock.Instant

    /// Creates a recorded request, for example to unit-test a dispatcher closure.
    /// - Parameters:
    ///   - method: The method.
    ///   - target: The raw request target; ``path`` and ``query`` are derived from it.
    ///   - version: The HTTP version.
    ///   - headers: The header fields.
    ///   - body: The body; ``bodySize`` and ``bodySHA256`` are computed from it.
    ///   - parts: The parts of a multipart body, or `nil`.
    ///   - multipartError: What was wrong with the multipart body, or `nil`.
    ///   - connectionIndex: The connection index.
    ///   - receivedAt: When it was received; now by default.
    public init(
        method: String,
        target: String,
        version: String = "HTTP/1.1",
        headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(),
        parts: [RecordedPart]? = nil,
        multipartError: String? = nil,
        connectionIndex: Int = 0,
        receivedAt: ContinuousClock.Instant = .now
    ) {
        self.init(
            method: method, target: target, version: version, headers: headers,
            recording: RequestBodyRecorder.Recording(
                body: body, size: body.count, sha256: SHA256Hasher.hexDigest(of: body), parts: parts,
                multipartError: multipartError),
            connectionIndex: connectionIndex, receivedAt: receivedAt)
    }

    /// Creates a recorded request whose body was measured as it streamed in.
    init(
        method: String, target: String, version: String, headers: HTTPHeaders,
        recording: RequestBodyRecorder.Recording, connectionIndex: Int, receivedAt: ContinuousClock.Instant = .now
    ) {
        self.method = method
        self.target = target
        self.version = version
        self.headers = headers
        self.body = recording.body
        self.bodySize = recording.size
        self.bodySHA256 = recording.sha256
        self.parts = recording.parts
        self.multipartError = recording.multipartError
        self.connectionIndex = connectionIndex
        self.receivedAt = receivedAt
        (path, query) = Self.split(target: target)
    }

    /// The query items parsed from ``query`` (percent-decoded), empty when there is no query.
    public var queryItems: [URLQueryItem] {
        guard let query else { return [] }
        var components = URLComponents()
        components.percentEncodedQuery = query
        return components.queryItems ?? []
    }

    /// The body decoded as UTF-8, or `nil` when it is not valid UTF-8.
    public var bodyString: String? {
        String(data: body, encoding: .utf8)
    }

    /// A copy received at `instant`: the server stamps each request as it records it, so that arrival order
    /// and ``receivedAt`` agree.
    func received(at instant: ContinuousClock.Instant) -> RecordedRequest {
        RecordedRequest(
            method: method, target: target, version: version, headers: headers,
            recording: RequestBodyRecorder.Recording(
                body: body, size: bodySize, sha256: bodySHA256, parts: parts, multipartError: multipartError),
            connectionIndex: connectionIndex, receivedAt: instant)
    }

    /// Splits an origin-form (`/a?b`) or absolute-form (`http://host/a?b`) target into path and query.
    private static func split(target: String) -> (path: String, query: String?) {
        var rest = Substring(target)
        if let scheme = rest.range(of: "://"), rest[..<scheme.lowerBound].allSatisfy(\.isLetter) {
            let afterAuthority = rest[scheme.upperBound...]
            let pathStart = afterAuthority.firstIndex { $0 == "/" || $0 == "?" } ?? afterAuthority.endIndex
            rest = afterAuthority[pathStart...]
            if rest.isEmpty || rest.first == "?" {
                rest = Substring("/" + rest)
            }
        }
        guard let mark = rest.firstIndex(of: "?") else {
            return (String(rest), nil)
        }
        return (String(rest[..<mark]), String(rest[rest.index(after: mark)...]))
    }
}
