import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Query encoding", .timeLimit(.minutes(1)))
struct QueryEncodingTests {
    struct Filter: Encodable, Sendable {
        var genre: String
        var minYear: Int
    }

    /// Neither a supported scalar, a collection, nor Encodable.
    struct Opaque: Sendable {}

    static let date = Date(timeIntervalSince1970: 1_700_000_000)

    @Test(
        "parameters of GET become a strict, sorted query",
        arguments: [
            (["q": "a&b=c"], "q=a%26b%3Dc"),
            (["q": "1+1?#"], "q=1%2B1%3F%23"),
            (["q": "two words"], "q=two%20words"),
            (["q": "café"], "q=caf%C3%A9"),
            (["a&=+?#": "x"], "a%26%3D%2B%3F%23=x"),
            (["b": 2, "a": 1, "c": 3], "a=1&b=2&c=3"),
            (["ids": [1, 2, 3]], "ids%5B%5D=1&ids%5B%5D=2&ids%5B%5D=3"),
            (["f": ["b": "2", "a": "1"]], "f%5Ba%5D=1&f%5Bb%5D=2"),
            (["f": ["tags": ["x", "y"]]], "f%5Btags%5D%5B%5D=x&f%5Btags%5D%5B%5D=y"),
            (["on": true, "off": false], "off=false&on=true"),
            (["at": date], "at=2023-11-14T22%3A13%3A20Z"),
            (["n": Int?.none as (any Sendable), "k": "v"], "k=v"),
            (
                ["pi": 3.25, "big": Int64.max, "neg": -7, "f": Float(0.5)],
                "big=9223372036854775807&f=0.5&neg=-7&pi=3.25"
            ),
            (["filter": Filter(genre: "sci-fi", minYear: 1950)], "filter%5Bgenre%5D=sci-fi&filter%5BminYear%5D=1950"),
            (["empty": [Int]()], ""),
            (["opt": Optional("x") as (any Sendable)], "opt=x"),
        ] as [([String: any Sendable], String)]
    )
    func queryTable(parameters: [String: any Sendable], expectedQuery: String) async throws {
        // Given
        let transport = stub(body: "{}")
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        // When
        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "books", parameters: parameters)

        // Then
        #expect(result.success != nil)
        let request = try #require(transport.requests.first)
        #expect(request.url.query(percentEncoded: true) ?? "" == expectedQuery)
        #expect(request.url.path() == "/v1/books")
        #expect(request.body == nil)
    }

    @Test("query items decode back to the original values")
    func roundTrip() async throws {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .delete, path: "books", parameters: ["title": "Tom & Jerry = 1+1?", "tags": ["a b", "é"]])

        let request = try #require(transport.requests.first)
        let items = try #require(URLComponents(url: request.url, resolvingAgainstBaseURL: false)?.queryItems)
        #expect(items.map(\.name) == ["tags[]", "tags[]", "title"])
        #expect(items.map(\.value) == ["a b", "é", "Tom & Jerry = 1+1?"])
        #expect(request.method == .delete)
    }

    @Test(
        "unsupported values are invalidParameters before any request",
        arguments: [
            ["bad": Opaque()] as [String: any Sendable],
            ["nested": ["deeper": [Opaque()]]] as [String: any Sendable],
            ["nan": Double.nan] as [String: any Sendable],
            ["inf": Double.infinity] as [String: any Sendable],
        ])
    func unsupported(parameters: [String: any Sendable]) async {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        // When
        let getResult: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "x", parameters: parameters)
        let postResult: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .post, path: "x", parameters: parameters)

        // Then
        for result in [getResult, postResult] {
            guard case .invalidParameters(let reason)? = result.failure else {
                Issue.record("expected invalidParameters, got \(result)")
                continue
            }
            #expect(reason.contains(parameters.keys.first ?? "?"))
        }
        #expect(transport.requestCount == 0)
    }

    @Test("a query written in the path is kept and merged with parameters")
    func queryInPath() async throws {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "books?sort=title", parameters: ["page": 2])

        let request = try #require(transport.requests.first)
        #expect(request.url.absoluteString == "https://api.example.test/v1/books?sort=title&page=2")
    }

    @Test("POST added to encodeAsURL sends a query, not a body")
    func configurableEncodeAsURL() async throws {
        var configuration = stubConfiguration()
        configuration.encodeAsURL = [.get, .post]
        let transport = stub()
        let repository = TestRepository(configuration: configuration, transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .post, path: "search", parameters: ["q": "x"])
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .delete, path: "books", parameters: ["id": 1])

        let requests = transport.requests
        #expect(requests[0].url.query() == "q=x")
        #expect(requests[0].body == nil)
        #expect(requests[1].url.query() == nil)
        #expect(requests[1].body == Data(#"{"id":1}"#.utf8))
    }
}
