/// A failure to exchange a request and response with the server.
public struct TransportError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable {
        /// The host name could not be resolved.
        case hostNotFound
        /// Nothing listens at the host and port.
        case connectionRefused
        /// The connection dropped before a complete response arrived.
        case connectionLost
        /// TLS could not be established (for a reason other than pinning).
        case tlsHandshakeFailed
        /// More than 10 redirects.
        case tooManyRedirects
        /// A redirect from https to http, refused.
        case insecureRedirect
        /// The response was larger than the transport's ceiling.
        case responseTooLarge
        /// The server answered with something that is not HTTP.
        case invalidResponse
        /// Any other failure; the message says which.
        case other
    }

    /// What went wrong.
    public let code: Code
    /// A human-readable explanation, naming the URL when known.
    public let message: String

    /// Creates a transport error.
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A human-readable explanation.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code and message.
    public var description: String {
        "\(code.summary): \(message)"
    }
}

extension TransportError.Code {
    /// The code in a few words, for messages.
    public var summary: String {
        switch self {
        case .hostNotFound: "host not found"
        case .connectionRefused: "connection refused"
        case .connectionLost: "connection lost"
        case .tlsHandshakeFailed: "TLS handshake failed"
        case .tooManyRedirects: "too many redirects"
        case .insecureRedirect: "insecure redirect refused"
        case .responseTooLarge: "response too large"
        case .invalidResponse: "invalid response"
        case .other: "transport error"
        }
    }
}
