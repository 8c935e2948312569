import Foundation
import Networking

/// The Networking contender: a repository as an app would write it, on the default transport
/// (`CurlTransport.shared`, one connection pool for the process).
final class BenchRepository: AbstractRepository, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond AbstractRepository's immutable lets.

    /// Creates a repository for one endpoint; TLS endpoints pin the generated certificate.
    /// - Parameters:
    ///   - endpoint: The nginx listener.
    ///   - certificate: The certificate's DER bytes.
    ///   - transport: The transport; `nil` for the shared `CurlTransport`.
    ///   - timeout: Each request's timeout in seconds.
    convenience init(
        endpoint: Endpoint, certificate: Data, transport: (any HTTPTransport)? = nil, timeout: TimeInterval = 30
    ) {
        let configuration = NetworkingConfiguration(
            useSecureConnection: endpoint.isSecure, domainURL: "127.0.0.1", port: endpoint.port,
            usePinningCertificate: endpoint.isSecure, pinnedCertificates: .certificates([certificate]),
            timeout: timeout)
        self.init(configuration: configuration, transport: transport)
    }

    /// GET and decode the small record.
    func small() async -> Result<Record, RepositoryError> {
        await performRequest(method: .get, path: Fixtures.smallPath)
    }

    /// GET the small record's response, undecoded (`--profile … --layer raw`).
    func smallRaw() async -> Result<HTTPResponse, RepositoryError> {
        await performRawRequest(method: .get, path: Fixtures.smallPath)
    }

    /// GET and decode the 5 MB array.
    func large() async -> Result<[Record], RepositoryError> {
        await performRequest(method: .get, path: Fixtures.largePath)
    }

    /// GET the 5 MB array's bytes, undecoded.
    func largeBody() async -> Result<Data, RepositoryError> {
        await performRequest(method: .get, path: Fixtures.largePath)
    }

    /// PUT a file, streamed from disk, to the location that reads it and answers 204.
    func upload(_ file: URL, progress: (@Sendable (TransferProgress) -> Void)?) async
        -> Result<EmptyResponse, RepositoryError>
    {
        await performUpload(
            path: Fixtures.uploadPath, file: file, contentType: "application/octet-stream", progress: progress)
    }

    /// GET a served file into `destination`, streamed to disk.
    func download(_ path: String, to destination: URL, progress: (@Sendable (TransferProgress) -> Void)?) async
        -> Result<DownloadedFile, RepositoryError>
    {
        await performDownload(path: path, to: destination, progress: progress)
    }

    /// A call whose response is ignored (for the stub pipeline).
    func empty() async -> Result<EmptyResponse, RepositoryError> {
        await performRequest(method: .get, path: "empty")
    }
}
