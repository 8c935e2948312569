extension Result where Success == HTTPResponse, Failure == RepositoryError {
    /// Decodes a received response with `decode` (failures pass through): off the transport's loop thread when the
    /// call runs there (a task preferring ``CurlTransport/executor``) and the body is large, so that one caller's
    /// large decode never stalls the other transfers; anywhere else, right here.
    /// - Parameter decode: Turns the response into the call's result.
    /// - Returns: The decoded result, or the error of the call.
    nonisolated(nonsending) func decoded<T: Sendable>(_ decode: (HTTPResponse) -> Result<T, RepositoryError>) async
        -> Result<
            T, RepositoryError
        >
    {
        switch self {
        case .success(let response):
            await CurlEventLoop.decodeOffLoopThread(bodySize: response.body.count) { decode(response) }
        case .failure(let error):
            .failure(error)
        }
    }
}
