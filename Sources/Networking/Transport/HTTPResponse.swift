public import Foundation

/// A response as received: the final status after any informational (1xx) responses, its header
/// fields in order, the decoded body and the URL that answered (after redirects).
public struct HTTPResponse: Sendable {
    /// The status code.
    public let statusCode: Int
    /// The header fields, repeated fields kept.
    public let headers: HTTPHeaders
    /// The body, decompressed.
    public let body: Data
    /// The URL that answered, after redirects.
    public let url: URL

    /// Creates a response.
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - url: The URL that answered.
    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), url: URL) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
    }
}
