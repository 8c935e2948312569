public import Foundation
public import Networking

/// A transport with no sockets: a closure answers every request, and every request is recorded.
/// The whole repository pipeline (encoding, session, validation, decoding) still runs.
///
/// ```swift
/// let stub = StubTransport { request in
///     HTTPResponse(statusCode: 200, body: Data(#"{"id": 1}"#.utf8), url: request.url)
/// }
/// let repository = BooksRepository(configuration: configuration, transport: stub)
/// ```
public final class StubTransport: HTTPTransport {
    private let handler: @Sendable (HTTPRequest) async throws -> HTTPResponse
    private let recorded = Locked<[HTTPRequest]>([])

    /// Creates a stub answering with `handler`; it may throw ``TransportError``, ``PinningFailure``
    /// or ``RepositoryError`` to simulate failures, and sleep to simulate latency.
    /// - Parameter handler: Answers one request.
    public init(_ handler: @escaping @Sendable (HTTPRequest) async throws -> HTTPResponse) {
        self.handler = handler
    }

    /// Creates a stub that answers every request with the same status, headers and body.
    /// - Parameters:
    ///   - statusCode: The status.
    ///   - headers: The header fields.
    ///   - body: The body.
    public convenience init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.init { request in
            HTTPResponse(statusCode: statusCode, headers: headers, body: body, url: request.url)
        }
    }

    /// The requests sent so far, in order.
    public var requests: [HTTPRequest] {
        recorded.withLock { $0 }
    }

    /// The number of requests sent so far.
    public var requestCount: Int {
        recorded.withLock { $0.count }
    }

    /// Records the request and answers it with the handler.
    /// - Parameter request: The request.
    /// - Returns: The handler's response.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        recorded.withLock { $0.append(request) }
        return try await handler(request)
    }
}
