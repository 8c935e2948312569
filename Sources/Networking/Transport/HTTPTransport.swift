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
}
