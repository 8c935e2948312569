import Foundation
import Networking
import NetworkingTestKit

/// A repository on a stub transport, for driving the real pipeline in logging tests.
final class LoggingTestRepository: AbstractRepository, @unchecked Sendable {
    // @unchecked Sendable: adds no state to AbstractRepository, whose stored properties are immutable lets.

    init(transport: StubTransport, sessionManager: (any SessionManagerType)? = nil) {
        super.init(
            configuration: NetworkingConfiguration(useSecureConnection: false, domainURL: "example.test"),
            sessionManager: sessionManager, transport: transport)
    }

    /// `GET /<path>` returning the raw response.
    func get(_ path: String, headers: [String: String] = [:]) async -> Result<HTTPResponse, RepositoryError> {
        await performRawRequest(method: .get, path: path, headers: headers)
    }
}
