public import Foundation

extension AbstractRepository {
    /// Sends a request and decodes its 2xx JSON body as `T`.
    ///
    /// Parameters go in the query for methods in ``NetworkingConfiguration/encodeAsURL``, else in a JSON body.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: String, Bool, numbers, Date, nil, arrays, dictionaries or `Encodable` values.
    ///   - headers: Headers for this call; they win over `defaultHeaders`.
    /// - Returns: The decoded value, or why it could not be had.
    public func performRequest<T: Decodable & Sendable>(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:]
    ) async -> Result<T, RepositoryError> {
        await send(method: method, path: path, body: .parameters(parameters), headers: headers)
            .decoded { decoding(method, path: path).decode($0, as: T.self) }
    }

    /// Sends an `Encodable` value as the JSON body and decodes the 2xx JSON body as `T`.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - body: The value to send as JSON (dates as ISO 8601).
    ///   - headers: Headers for this call.
    /// - Returns: The decoded value, or why it could not be had.
    public func performRequest<T: Decodable & Sendable, Body: Encodable & Sendable>(
        method: HTTPMethod, path: String, body: Body, headers: [String: String] = [:]
    ) async -> Result<T, RepositoryError> {
        await send(method: method, path: path, body: .encodable(body), headers: headers)
            .decoded { decoding(method, path: path).decode($0, as: T.self) }
    }

    /// Sends an array as the JSON body (for any method) and decodes the 2xx JSON body as `T`.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - arrayParameters: The elements, of the types parameters may have.
    ///   - headers: Headers for this call.
    /// - Returns: The decoded value, or why it could not be had.
    public func performRequest<T: Decodable & Sendable>(
        method: HTTPMethod, path: String, arrayParameters: [any Sendable], headers: [String: String] = [:]
    ) async -> Result<T, RepositoryError> {
        await send(method: method, path: path, body: .array(arrayParameters), headers: headers)
            .decoded { decoding(method, path: path).decode($0, as: T.self) }
    }

    /// Sends a request and hands the 2xx body to `decoder`.
    ///
    /// A thrown ``DecodeError`` becomes ``RepositoryError/decodeError(_:)`` as is; any other thrown error
    /// becomes `.decodeError(.custom(description))`.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: The parameters, encoded as for the other variants.
    ///   - headers: Headers for this call.
    ///   - decoder: Turns the raw body into the result.
    /// - Returns: The decoded value, or why it could not be had.
    public func performRequest<T: Sendable>(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:],
        decoder: @escaping @Sendable (Data) throws -> T
    ) async -> Result<T, RepositoryError> {
        await send(method: method, path: path, body: .parameters(parameters), headers: headers)
            .decoded { response in decoding(method, path: path).decode(response) { try decoder($0.body) } }
    }

    /// Sends a request and returns the response as received: status, headers and body, undecoded.
    /// A non-2xx status is still an error.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: The parameters, encoded as for the other variants.
    ///   - headers: Headers for this call.
    /// - Returns: The response, or why it could not be had.
    public func performRawRequest(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:]
    ) async -> Result<HTTPResponse, RepositoryError> {
        await send(method: method, path: path, body: .parameters(parameters), headers: headers)
    }

    /// Sends `body` as it is, with its `Content-Type`, and returns the response without decoding it: for the
    /// package's own clients of non-JSON APIs (the GOM client writes XML).
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - body: The body's bytes.
    ///   - contentType: Its media type.
    ///   - headers: Headers for this call.
    ///   - followsRedirects: Whether the transport follows a redirect; `false` returns the 3xx itself (as
    ///     ``RepositoryError/requestError(_:)``, whose response has the `Location`), so that a POST is never replayed.
    /// - Returns: The 2xx response, or why it could not be had.
    package func performDataRequest(
        method: HTTPMethod, path: String, body: Data?, contentType: String, headers: [String: String] = [:],
        followsRedirects: Bool = true
    ) async -> Result<HTTPResponse, RepositoryError> {
        await send(
            method: method, path: path, body: body.map { .data($0, contentType: contentType) } ?? .parameters(nil),
            headers: headers, followsRedirects: followsRedirects)
    }

    /// Sends a login or sign-up request: it never requires nor attaches a session token.
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: The parameters, encoded as for the other variants.
    ///   - headers: Headers for this call.
    /// - Returns: The decoded value, or why it could not be had.
    public func performAuthenticationRequest<T: Decodable & Sendable>(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:]
    ) async -> Result<T, RepositoryError> {
        await send(method: method, path: path, body: .parameters(parameters), headers: headers, requiresSession: false)
            .decoded { decoding(method, path: path).decode($0, as: T.self) }
    }
}
