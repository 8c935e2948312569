public import Foundation

/// A decoding failure as reported to the decode-error hook: what failed, for which request and response.
public struct DecodeFailure: Sendable, CustomStringConvertible {
    /// What failed.
    public let error: DecodeError
    /// The request's method.
    public let method: HTTPMethod
    /// The URL that answered.
    public let url: URL
    /// The response's status code.
    public let statusCode: Int
    /// The start of the body (at most 1 KiB), as text.
    public let bodyExcerpt: String

    /// Creates a decode failure.
    /// - Parameters:
    ///   - error: What failed.
    ///   - method: The request's method.
    ///   - url: The URL that answered.
    ///   - statusCode: The status code.
    ///   - bodyExcerpt: The start of the body.
    public init(error: DecodeError, method: HTTPMethod, url: URL, statusCode: Int, bodyExcerpt: String) {
        self.error = error
        self.method = method
        self.url = url
        self.statusCode = statusCode
        self.bodyExcerpt = bodyExcerpt
    }

    /// The request, status, error and body excerpt in one line.
    public var description: String {
        "\(method.rawValue) \(url.absoluteString) → \(statusCode): \(error.description); body: \(bodyExcerpt)"
    }
}
