extension AbstractRepository {
    /// Sends a request for a result that may not be ready: while the server answers 202, waits
    /// (`Retry-After`, capped at 60 s, else ``NetworkingConfiguration/secondsBetweenPolls``) and polls again —
    /// a GET of the `Location` URL when the 202 carries one, else the same request. Any other 2xx is decoded
    /// as `T`; any error ends polling at once; after ``NetworkingConfiguration/maximumPollingRetries`` polls
    /// the result is ``RepositoryError/timeout``.
    /// - Parameters:
    ///   - method: The HTTP method of the first request.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: The parameters, encoded as for `performRequest`.
    ///   - headers: Headers for every request of the loop.
    /// - Returns: The decoded value, or why it could not be had.
    public func performPollingRequest<T: Decodable & Sendable>(
        method: HTTPMethod, path: String, parameters: [String: any Sendable]? = nil, headers: [String: String] = [:]
    ) async -> Result<T, RepositoryError> {
        await poll(method: method, path: path, body: .parameters(parameters), headers: headers)
    }

    /// Polls as ``performPollingRequest(method:path:parameters:headers:)`` does, with an `Encodable` JSON body.
    /// - Parameters:
    ///   - method: The HTTP method of the first request.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - body: The value to send as JSON.
    ///   - headers: Headers for every request of the loop.
    /// - Returns: The decoded value, or why it could not be had.
    public func performPollingRequest<T: Decodable & Sendable, Body: Encodable & Sendable>(
        method: HTTPMethod, path: String, body: Body, headers: [String: String] = [:]
    ) async -> Result<T, RepositoryError> {
        await poll(method: method, path: path, body: .encodable(body), headers: headers)
    }

    private func poll<T: Decodable & Sendable>(
        method: HTTPMethod, path: String, body: RequestBody, headers: [String: String]
    ) async -> Result<T, RepositoryError> {
        switch buildRequest(method: method, path: path, body: body, headers: headers) {
        case .success(let request):
            await PollingLoop(configuration: configuration, pipeline: pipeline).run(
                request, context: context(path: path)
            )
            .decoded { decoding(method, path: path).decode($0, as: T.self) }
        case .failure(let error):
            .failure(error)
        }
    }
}
