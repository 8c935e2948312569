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
    convenience init(endpoint: Endpoint, certificate: Data, transport: (any HTTPTransport)? = nil) {
        let configuration = NetworkingConfiguration(
            useSecureConnection: endpoint.isSecure, domainURL: "127.0.0.1", port: endpoint.port,
            usePinningCertificate: endpoint.isSecure, pinnedCertificates: .certificates([certificate]), timeout: 30)
        self.init(configuration: configuration, transport: transport)
    }

    /// GET and decode the small record.
    func small() async -> Result<Record, RepositoryError> {
        await performRequest(method: .get, path: Fixtures.smallPath)
    }

    /// GET and decode the 5 MB array.
    func large() async -> Result<[Record], RepositoryError> {
        await performRequest(method: .get, path: Fixtures.largePath)
    }

    /// GET the 5 MB array's bytes, undecoded.
    func largeBody() async -> Result<Data, RepositoryError> {
        await performRequest(method: .get, path: Fixtures.largePath)
    }

    /// A call whose response is ignored (for the stub pipeline).
    func empty() async -> Result<EmptyResponse, RepositoryError> {
        await performRequest(method: .get, path: "empty")
    }
}
