extension AbstractRepository {
    /// Sends a call object through the pipeline and parses its 2xx response.
    /// - Parameters:
    ///   - call: The call.
    ///   - progress: Reports the upload when the call has a multipart body, else the download of the response.
    /// - Returns: The parsed value, or why it could not be had.
    public func execute<Call: APICall>(
        _ call: Call, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> Result<Call.Response, RepositoryError> {
        let body: RequestBody =
            call.multipart.map { .multipart(query: call.parameters, $0) } ?? .parameters(call.parameters)
        var request: HTTPRequest
        switch buildRequest(method: call.method, path: call.path, body: body, headers: call.headers) {
        case .success(let built): request = built
        case .failure(let error): return .failure(error)
        }
        call.decorate(&request)
        let relay = progress.map(ProgressRelay.init)
        if request.multipart != nil || request.bodyFile != nil {
            request.uploadProgress = relay?.report
        } else {
            request.downloadProgress = relay?.report
        }
        let result = await pipeline.execute(request, context: context(path: call.path))
        switch result {
        case .success(let response):
            let size =
                request.multipart?.encodedLength ?? request.bodyFile.flatMap(FileBody.size(of:))
                ?? Int64(response.body.count)
            await relay?.finish(bytes: size)
            return decoding(call.method).decode(response) { try call.parse($0) }
        case .failure(let error):
            await relay?.flush()
            return .failure(error)
        }
    }
}
