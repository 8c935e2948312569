public import Foundation

extension AbstractRepository {
    /// Sends a `multipart/form-data` body, files streamed from disk, and decodes the 2xx JSON body as `T`.
    ///
    /// ```swift
    /// var form = MultipartFormData()
    /// form.append("Dune", name: "title")
    /// form.append(fileAt: coverURL, name: "cover")
    /// let result: Result<Book, RepositoryError> = await repository.performUpload(
    ///     path: "books", multipart: form) { progress in print(progress.fractionCompleted ?? 0) }
    /// ```
    /// - Parameters:
    ///   - method: The method. Default POST.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: Parameters, sent in the query.
    ///   - multipart: The form.
    ///   - headers: Headers for this call.
    ///   - progress: Called as the body goes out (on a queue of its own, in order, never backwards, ending with
    ///     completed == total).
    /// - Returns: The decoded value, or why it could not be had (a missing file is `.invalidParameters` naming
    ///   it, before anything is sent).
    public func performUpload<T: Decodable & Sendable>(
        method: HTTPMethod = .post, path: String, parameters: [String: any Sendable]? = nil,
        multipart: MultipartFormData, headers: [String: String] = [:],
        progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> Result<T, RepositoryError> {
        await transfer(
            method: method, path: path, body: .multipart(query: parameters, multipart), headers: headers,
            upload: progress, uploadSize: { multipart.encodedLength }
        ).decoded { decoding(method, path: path).decode($0, as: T.self) }
    }

    /// Sends a file as the raw body, streamed from disk, and decodes the 2xx JSON body as `T`.
    /// - Parameters:
    ///   - method: The method. Default PUT.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: Parameters, sent in the query.
    ///   - file: The file, read when the request is sent (from the start for every attempt).
    ///   - contentType: The body's `Content-Type`, such as `"image/png"`.
    ///   - headers: Headers for this call.
    ///   - progress: Called as the body goes out.
    /// - Returns: The decoded value, or why it could not be had.
    public func performUpload<T: Decodable & Sendable>(
        method: HTTPMethod = .put, path: String, parameters: [String: any Sendable]? = nil, file: URL,
        contentType: String, headers: [String: String] = [:], progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> Result<T, RepositoryError> {
        await transfer(
            method: method, path: path, body: .file(query: parameters, file, contentType: contentType),
            headers: headers, upload: progress, uploadSize: { FileBody.size(of: file) ?? 0 }
        ).decoded { decoding(method, path: path).decode($0, as: T.self) }
    }

    /// Downloads a 2xx response body into `destination`, streamed to disk so that memory stays flat.
    ///
    /// The body goes to a temporary file beside the destination, moved into place (replacing any file there)
    /// only once complete: a failed or cancelled download leaves the destination as it was and no temporary
    /// file behind. A non-2xx status is an error whose body is kept up to 1 MiB.
    /// - Parameters:
    ///   - method: The method. Default GET.
    ///   - path: The path, appended to the configuration's base URL.
    ///   - parameters: Parameters, encoded as for `performRequest`.
    ///   - headers: Headers for this call.
    ///   - destination: The file to create or replace; its folder must exist.
    ///   - progress: Called as the body comes in (`totalBytes` nil without `Content-Length`).
    /// - Returns: The file, or why it could not be had.
    public func performDownload(
        method: HTTPMethod = .get, path: String, parameters: [String: any Sendable]? = nil,
        headers: [String: String] = [:], to destination: URL, progress: (@Sendable (TransferProgress) -> Void)? = nil
    ) async -> Result<DownloadedFile, RepositoryError> {
        let target: DownloadTarget
        switch DownloadTarget.prepare(destination) {
        case .success(let prepared): target = prepared
        case .failure(let error): return .failure(error)
        }
        let relay = progress.map(ProgressRelay.init)
        var request: HTTPRequest
        switch buildRequest(method: method, path: path, body: .parameters(parameters), headers: headers) {
        case .success(let built): request = built
        case .failure(let error): return .failure(error)
        }
        request.responseBodyFile = target.temporary
        request.downloadProgress = relay?.report
        let result = await pipeline.execute(request, context: context(path: path))
        let downloaded = result.flatMap { target.complete(with: $0) }
        if case .success(let file) = downloaded {
            await relay?.finish(bytes: file.byteCount)
        } else {
            target.discard()
            await relay?.flush()
        }
        return downloaded
    }

    /// Builds and sends an upload, relaying its progress.
    func transfer(
        method: HTTPMethod, path: String, body: RequestBody, headers: [String: String],
        upload progress: (@Sendable (TransferProgress) -> Void)?, uploadSize: @escaping @Sendable () -> Int64
    ) async -> Result<HTTPResponse, RepositoryError> {
        switch buildRequest(method: method, path: path, body: body, headers: headers) {
        case .success(var request):
            let relay = progress.map(ProgressRelay.init)
            request.uploadProgress = relay?.report
            return await send(request, path: path, relaying: relay) { _ in uploadSize() }
        case .failure(let error):
            return .failure(error)
        }
    }

    /// Sends a built request through the pipeline; once it succeeded, `relay` gets its final report (the size of
    /// what was transferred), and in any case every report is delivered before this returns.
    func send(
        _ request: HTTPRequest, path: String, relaying relay: ProgressRelay?,
        transferred: @Sendable (HTTPResponse) -> Int64
    ) async -> Result<HTTPResponse, RepositoryError> {
        let result = await pipeline.execute(request, context: context(path: path))
        if case .success(let response) = result {
            await relay?.finish(bytes: transferred(response))
        } else {
            await relay?.flush()
        }
        return result
    }
}
