import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("URL building", .timeLimit(.minutes(1)))
struct URLBuildingTests {
    @Test(
        "paths are appended to the base URL, never resolved relative to it",
        arguments: [
            ("/v1", "books", "https://api.example.test/v1/books"),
            ("/v1", "/books", "https://api.example.test/v1/books"),
            ("/v1/", "books", "https://api.example.test/v1/books"),
            ("/v1", "users/me", "https://api.example.test/v1/users/me"),
            ("/v1", "", "https://api.example.test/v1"),
            (nil, "books", "https://api.example.test/books"),
            (nil, "/books", "https://api.example.test/books"),
            ("/v1", "books/a b", "https://api.example.test/v1/books/a%20b"),
            ("/v1", "books/caf%C3%A9", "https://api.example.test/v1/books/caf%C3%A9"),
            ("/v1", "books/100%", "https://api.example.test/v1/books/100%25"),
            ("/local-path-1.0", "entity", "https://api.example.test/local-path-1.0/entity"),
        ] as [(String?, String, String)]
    )
    func appendPath(subdomain: String?, path: String, expected: String) async throws {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(subdomain: subdomain), transport: transport)

        // When
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: path)

        // Then
        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == expected)
    }

    @Test("scheme and port come from the configuration")
    func schemeAndPort() async throws {
        let transport = stub()
        let configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: 8080, subdomainURL: "/api")
        let repository = TestRepository(configuration: configuration, transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "/x")

        #expect(transport.requests.first?.url.absoluteString == "http://127.0.0.1:8080/api/x")
    }

    @Test(
        "a path starting with a scheme, or holding any C0 control, DEL or a line separator, is invalidURL",
        arguments: ["https://evil.test/x", "HTTP://evil.test", "git+ssh://evil.test/x", "a.b-c://x", "a\nb"]
            + (Array(0x00...0x1F) + [0x7F, 0x85, 0x2028, 0x2029]).map { "a\(Character(Unicode.Scalar($0)!))b" }
    )
    func invalidPath(path: String) async {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: path)

        guard case .invalidURL? = result.failure else {
            Issue.record("expected invalidURL, got \(result)")
            return
        }
        #expect(transport.requestCount == 0)
    }

    @Test(
        "\"://\" after the start of a path is text, not an absolute URL: the path is sent",
        arguments: [
            (
                "redirect-to?url=http://example.test/x",
                "https://api.example.test/v1/redirect-to?url=http://example.test/x"
            ),
            ("links/http://example.test", "https://api.example.test/v1/links/http://example.test"),
            ("1abc://x", "https://api.example.test/v1/1abc://x"),
            ("a_b://x", "https://api.example.test/v1/a_b://x"),
        ]
    )
    func schemeLikeTextIsAPath(path: String, expected: String) async throws {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(subdomain: "/v1"), transport: transport)

        // When
        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: path)

        // Then
        #expect(result.failure == nil)
        #expect(transport.requests.first?.url.absoluteString == expected)
    }

    @Test("a query written in the path keeps its order and comes before the sorted parameters")
    func pathQueryComesFirst() async throws {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(subdomain: "/v1"), transport: transport)

        // When
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "books?z=1&a=2", parameters: ["y": 3, "b": 4])

        // Then
        #expect(transport.requests.first?.url.query == "z=1&a=2&b=4&y=3")
    }

    @Test("a repeated path gets the same URL, and a call with query parameters never gets the query-less one")
    func repeatedPathAndQuery() async throws {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        // When
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "books")
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "books", parameters: ["q": "dune"])
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "books")
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "books?page=2")

        // Then
        #expect(
            transport.requests.map(\.url.absoluteString) == [
                "https://api.example.test/v1/books", "https://api.example.test/v1/books?q=dune",
                "https://api.example.test/v1/books", "https://api.example.test/v1/books?page=2",
            ])
    }

    @Test("an invalid path fails every time it is called, not only the first")
    func invalidPathRepeated() async {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        for _ in 0..<3 {
            let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
                method: .get, path: "https://evil.test/x")
            guard case .invalidURL? = result.failure else {
                Issue.record("expected invalidURL, got \(result)")
                return
            }
        }
        #expect(transport.requestCount == 0)
    }

    @Test("more distinct paths than the repository keeps URLs for still each get their own URL")
    func manyPaths() async {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
        let paths = (0..<600).map { "books/\($0 % 300)" }

        for path in paths {
            let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: path)
        }

        #expect(transport.requests.map(\.url.absoluteString) == paths.map { "https://api.example.test/v1/\($0)" })
    }
}
