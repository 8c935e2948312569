/// An error from the test kit: the server could not start, a certificate could not be made or
/// loaded, or ``MockServer/takeRequest(timeout:)`` waited in vain.
public struct MockServerError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Code: Sendable, Equatable {
        /// A socket call failed (socket, bind, listen, getsockname).
        case socket
        /// The TLS context could not be configured with the certificate.
        case tls
        /// A certificate could not be generated or loaded.
        case certificate
        /// No request arrived before the timeout.
        case timeout
    }

    /// What went wrong.
    public let code: Code
    /// A description naming the failed call and, where there is one, the system or OpenSSL error.
    public let message: String

    /// Creates an error.
    /// - Parameters:
    ///   - code: What went wrong.
    ///   - message: A description of the failure.
    public init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The code and the message, for example `timeout: no request arrived within 2.0 s`.
    public var description: String {
        "\(code): \(message)"
    }
}
