public import Foundation

/// A response whose status was not a success, kept whole so the app can read its body.
///
/// ```swift
/// if case .failure(.requestError(let response)) = result,
///    let problem = response.decodeBody(as: Problem.self) { print(problem.title) }
/// ```
public struct ResponseError: Error, Sendable, CustomStringConvertible {
    /// The status code.
    public let statusCode: Int
    /// The response's header fields.
    public let headers: HTTPHeaders
    /// The response's body.
    public let body: Data
    /// The URL that answered.
    public let url: URL?
    /// The body decoded as the error model that ``NetworkingConfiguration/responseMapping`` declares for the
    /// path and status, or `nil` when none is declared or the body does not decode (the raw body stays in
    /// ``body``). Match on it with ``Swift/Result/mapCustomError(errorModel:_:)``.
    public internal(set) var errorModel: (any Sendable)?

    /// Creates a response error.
    /// - Parameters:
    ///   - statusCode: The status code.
    ///   - headers: The header fields.
    ///   - body: The body.
    ///   - url: The URL that answered.
    public init(statusCode: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), url: URL?) {
        self.statusCode = statusCode
        self.headers = headers
        self.body = body
        self.url = url
        errorModel = nil
    }

    /// Creates a response error from a response.
    /// - Parameter response: The response.
    public init(_ response: HTTPResponse) {
        self.init(statusCode: response.statusCode, headers: response.headers, body: response.body, url: response.url)
    }

    /// Decodes the body as JSON of type `E`, or `nil` when it is not.
    /// - Parameter type: The type to decode.
    /// - Returns: The decoded value, or `nil`.
    public func decodeBody<E: Decodable>(as type: E.Type) -> E? {
        try? JSONDecoder.networking.decode(type, from: body)
    }

    /// The status, URL and the start of the body.
    public var description: String {
        let excerpt = BodyExcerpt.text(of: body, limit: 200)
        let place = url.map { " from \($0.absoluteString)" } ?? ""
        return "HTTP \(statusCode)\(place)" + (excerpt.isEmpty ? "" : ": \(excerpt)")
    }
}
