import Foundation
import Networking
import NetworkingTestKit

/// A repository that exposes the protected `perform…` calls to tests as they are.
final class TestRepository: AbstractRepository, @unchecked Sendable {}

/// A configuration for a host no socket ever reaches: tests using it go through `StubTransport`.
func stubConfiguration(
    host: String = "api.example.test",
    secure: Bool = true,
    subdomain: String? = "/v1",
    handler: (@Sendable (DecodeFailure) -> Void)? = nil
) -> NetworkingConfiguration {
    var configuration = NetworkingConfiguration(useSecureConnection: secure, domainURL: host, subdomainURL: subdomain)
    configuration.decodedErrorHandler = handler
    return configuration
}

/// A stub answering every request with `status` and a UTF-8 body.
func stub(status: Int = 200, body: String = "", headers: HTTPHeaders = HTTPHeaders()) -> StubTransport {
    StubTransport(statusCode: status, headers: headers, body: Data(body.utf8))
}

/// Collects values handed to a `@Sendable` callback.
final class Recorder<Value: Sendable>: Sendable {
    private let values = Locked<[Value]>([])

    func record(_ value: Value) {
        values.withLock { $0.append(value) }
    }

    var all: [Value] {
        values.withLock { $0 }
    }
}

struct Book: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var year: Int
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }

    var success: Success? {
        if case .success(let value) = self { return value }
        return nil
    }
}

extension RepositoryError {
    /// The case's name, for tables.
    var caseName: String {
        switch self {
        case .invalidURL: "invalidURL"
        case .invalidParameters: "invalidParameters"
        case .unauthenticatedSession: "unauthenticatedSession"
        case .requestError: "requestError"
        case .noNetworkConnection: "noNetworkConnection"
        case .timeout: "timeout"
        case .pinningFailure: "pinningFailure"
        case .jsonError: "jsonError"
        case .decodeError: "decodeError"
        case .customError: "customError"
        case .cancelled: "cancelled"
        }
    }
}
