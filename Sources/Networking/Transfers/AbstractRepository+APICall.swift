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
        let uploaded = request.multipart?.encodedLength ?? request.bodyFile.flatMap(FileBody.size(of:))
        return await send(request, path: call.path, relaying: relay) { uploaded ?? Int64($0.body.count) }
            .decoded { response in decoding(call.method, path: call.path).decode(response) { try call.parse($0) } }
    }
}
