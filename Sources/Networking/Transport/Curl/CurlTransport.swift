/// The default transport: libcurl driven from one event-loop thread, with handshake-time pinning.
public final class CurlTransport: HTTPTransport, @unchecked Sendable {
    // @unchecked Sendable: placeholder with no state.
    /// The transport repositories share, so connections are reused across them.
    public static let shared = CurlTransport()

    /// Creates a transport with its own connection pool.
    public init() {}

    /// Sends the request.
    public func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        throw TransportError(code: .other, message: "CurlTransport is not implemented yet")
    }
}
