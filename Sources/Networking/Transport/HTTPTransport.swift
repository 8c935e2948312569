/// Sends one ``HTTPRequest`` and returns its ``HTTPResponse``: the bottom stage of every repository's pipeline.
///
/// The default is ``CurlTransport``; tests use `StubTransport` from `NetworkingTestKit`.
/// Implementations throw ``TransportError``, ``PinningFailure``, `CancellationError`, or a
/// ``RepositoryError`` that is passed through as is (``RepositoryError/timeout`` for a timeout).
public protocol HTTPTransport: Sendable {
    /// Sends the request and returns the final response, whatever its status.
    /// - Parameter request: The request to send.
    /// - Returns: The response.
    func send(_ request: HTTPRequest) async throws -> HTTPResponse

    /// The executor that runs the transport's own work, for callers that want to run beside it with no thread hop
    /// (``CurlTransport/executor``); `nil` by default.
    var executor: (any TaskExecutor)? { get }
}

extension HTTPTransport {
    /// `nil`: the transport has no executor of its own.
    public var executor: (any TaskExecutor)? {
        nil
    }
}
