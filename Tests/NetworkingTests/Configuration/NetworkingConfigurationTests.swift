import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("NetworkingConfiguration", .timeLimit(.minutes(1)))
struct NetworkingConfigurationTests {
    @Test("defaults match the documented values")
    func defaults() {
        // Given / When
        let configuration = NetworkingConfiguration(domainURL: "api.example.com")

        // Then
        #expect(configuration.useSecureConnection)
        #expect(configuration.port == nil)
        #expect(configuration.subdomainURL == nil)
        #expect(!configuration.usePinningCertificate)
        #expect(configuration.timeout == 75)
        #expect(configuration.secondsBetweenPolls == 1)
        #expect(configuration.maximumPollingRetries == nil)
        #expect(configuration.effectiveMaximumPollingRetries == 75)
        #expect(configuration.encodeAsURL == [.get, .head, .delete])
        #expect(configuration.decodedErrorHandler == nil)
    }

    @Test(
        "base URL composition",
        arguments: [
            (true, "api.example.com", nil, nil, "https://api.example.com"),
            (false, "api.example.com", nil, nil, "http://api.example.com"),
            (true, "api.example.com", 8443, nil, "https://api.example.com:8443"),
            (false, "127.0.0.1", 8080, "/api/v1", "http://127.0.0.1:8080/api/v1"),
            (true, "localhost", nil, "/local-path-1.0", "https://localhost/local-path-1.0"),
            (true, "::1", 443, "/v2", "https://[::1]:443/v2"),
        ] as [(Bool, String, Int?, String?, String)]
    )
    func baseURL(secure: Bool, domain: String, port: Int?, subdomain: String?, expected: String) throws {
        // Given
        let configuration = NetworkingConfiguration(
            useSecureConnection: secure, domainURL: domain, port: port, subdomainURL: subdomain)

        // When
        let url = try configuration.baseURL()

        // Then
        #expect(url.absoluteString == expected)
    }

    @Test(
        "every invalid configuration is an error naming the field",
        arguments: [
            (NetworkingConfiguration(domainURL: ""), "domainURL", true),
            (NetworkingConfiguration(domainURL: "   "), "domainURL", true),
            (NetworkingConfiguration(domainURL: "https://api.example.com"), "domainURL", true),
            (NetworkingConfiguration(domainURL: "api.example.com/v1"), "domainURL", true),
            (NetworkingConfiguration(domainURL: "api.example.com:8080"), "domainURL", true),
            (NetworkingConfiguration(domainURL: "api example.com"), "domainURL", true),
            (NetworkingConfiguration(domainURL: "a.com", port: 0), "port", true),
            (NetworkingConfiguration(domainURL: "a.com", port: 65536), "port", true),
            (NetworkingConfiguration(domainURL: "a.com", port: -1), "port", true),
            (NetworkingConfiguration(domainURL: "a.com", subdomainURL: "api/v1"), "subdomainURL", true),
            (NetworkingConfiguration(domainURL: "a.com", subdomainURL: "/api?x=1"), "subdomainURL", true),
            (NetworkingConfiguration(domainURL: "a.com", timeout: -1), "timeout", false),
            (NetworkingConfiguration(domainURL: "a.com", timeout: 0), "timeout", false),
            (NetworkingConfiguration(domainURL: "a.com", timeout: .nan), "timeout", false),
            (NetworkingConfiguration(domainURL: "a.com", timeout: .infinity), "timeout", false),
            (NetworkingConfiguration(domainURL: "a.com", secondsBetweenPolls: -0.5), "secondsBetweenPolls", false),
            (NetworkingConfiguration(domainURL: "a.com", maximumPollingRetries: -3), "maximumPollingRetries", false),
        ] as [(NetworkingConfiguration, String, Bool)]
    )
    func invalidConfiguration(configuration: NetworkingConfiguration, field: String, isURLError: Bool) async {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: configuration, transport: transport)

        // When
        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "x")

        // Then
        switch result.failure {
        case .invalidURL(let reason)?:
            #expect(isURLError)
            #expect(reason.contains(field))
        case .invalidParameters(let reason)?:
            #expect(!isURLError)
            #expect(reason.contains(field))
        default:
            Issue.record("expected a configuration error, got \(result)")
        }
        #expect(transport.requestCount == 0)
    }

    @Test(
        "polling retries default to timeout / interval, rounded",
        arguments: [(75.0, 1.0, nil, 75), (10, 3, nil, 3), (10, 4, nil, 3), (5, 0, nil, 0), (75, 1, 4, 4)]
            as [(Double, Double, Int?, Int)]
    )
    func pollingRetries(timeout: Double, interval: Double, explicit: Int?, expected: Int) {
        let configuration = NetworkingConfiguration(
            domainURL: "a.com", timeout: timeout, secondsBetweenPolls: interval, maximumPollingRetries: explicit)
        #expect(configuration.effectiveMaximumPollingRetries == expected)
    }
}
