import Foundation

extension AbstractRepository {
    /// Sends a request and decodes its 2xx body as an envelope: the result at the key path that
    /// ``NetworkingConfiguration/responseMapping`` declares for the path (the whole body when none is declared),
    /// with the whole body kept as ``Enveloped/root``.
    ///
    /// ```swift
    /// func fetchBooks(page: Int) async -> Result<Enveloped<[Book]>, RepositoryError> {
    ///     await performEnvelopedRequest(method: .get, path: "books", parameters: ["page": page])
    /// }
    /// ```
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: The parameters, encoded as for ``performRequest(method:path:parameters:headers:)``.
    ///   - headers: Headers for this call.
    /// - Returns: The envelope, or why it could not be had (a missing key path is a `.decodeError` naming it).
    public func performEnvelopedRequest<T: Decodable & Sendable>(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:]
    ) async -> Result<Enveloped<T>, RepositoryError> {
        await send(method: method, path: path, body: .parameters(parameters), headers: headers)
            .decoded { decoding(method, path: path).decodeEnveloped($0, as: T.self) }
    }

    /// Sends a request and decodes its 2xx body as the model ``NetworkingConfiguration/responseMapping``
    /// declares for its path, method and status (at the envelope's key path when the path has one).
    ///
    /// ```swift
    /// switch await performMappedRequest(method: .get, path: "books/7") {
    /// case .success(let book as Book): show(book)
    /// case .success(let other): print("unexpected", other)
    /// case .failure(let error): print(error)
    /// }
    /// ```
    /// - Parameters:
    ///   - method: The HTTP method.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: The parameters, encoded as for ``performRequest(method:path:parameters:headers:)``.
    ///   - headers: Headers for this call.
    /// - Returns: The decoded model, or why it could not be had (`.decodeError` when no model is mapped).
    public func performMappedRequest(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:]
    ) async -> Result<any Sendable, RepositoryError> {
        await send(method: method, path: path, body: .parameters(parameters), headers: headers)
            .decoded { decoding(method, path: path).decodeMapped($0) }
    }
}
