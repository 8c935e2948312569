import Foundation
import Networking
import NetworkingTestKit

/// Shared pieces of the response-mapping tests.
enum MappingFixtures {
    static let dune = Book(id: 1, title: "Dune", year: 1965)
    static let emma = Book(id: 2, title: "Emma", year: 1815)
    static let duneJSON = #"{"id": 1, "title": "Dune", "year": 1965}"#
    static let emmaJSON = #"{"id": 2, "title": "Emma", "year": 1815}"#
    static let booksJSON = "[\(duneJSON), \(emmaJSON)]"

    /// A stub configuration (base path `/v1`) with the response mapping `declare` builds.
    static func configuration(
        subdomain: String? = "/v1", handler: (@Sendable (DecodeFailure) -> Void)? = nil,
        _ declare: (inout ResponseMapping) -> Void
    ) -> NetworkingConfiguration {
        var configuration = stubConfiguration(subdomain: subdomain, handler: handler)
        declare(&configuration.responseMapping)
        return configuration
    }

    /// A repository over `transport` whose configuration declares `declare`.
    static func repository(
        _ transport: StubTransport, subdomain: String? = "/v1", handler: (@Sendable (DecodeFailure) -> Void)? = nil,
        _ declare: (inout ResponseMapping) -> Void
    ) -> TestRepository {
        TestRepository(
            configuration: configuration(subdomain: subdomain, handler: handler, declare), transport: transport)
    }
}

/// An error body as an API might send it.
struct APIProblem: Codable, Equatable, Sendable {
    var code: String
    var message: String
}

/// A second error model, to tell which rule decoded a body.
struct LegacyProblem: Codable, Equatable, Sendable {
    var error: String
}
