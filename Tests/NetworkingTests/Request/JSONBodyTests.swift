import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("JSON bodies", .timeLimit(.minutes(1)))
struct JSONBodyTests {
    struct NewBook: Encodable, Sendable {
        var title: String
        var published: Date
        var tags: [String]
    }

    @Test(
        "parameters of non-query methods become a JSON object body",
        arguments: [HTTPMethod.post, .put, .patch, .options])
    func parametersAsJSON(method: HTTPMethod) async throws {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
        let parameters: [String: any Sendable] = [
            "title": "Dune \"1965\"", "year": 1965, "price": 9.5, "available": true, "sequel": Int?.none,
            "authors": ["Frank Herbert"], "meta": ["pages": 412], "at": Date(timeIntervalSince1970: 0),
        ]

        // When
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: method, path: "books", parameters: parameters)

        // Then
        let request = try #require(transport.requests.first)
        #expect(request.method == method)
        #expect(request.url.query() == nil)
        #expect(request.headers["content-type"] == "application/json")
        let body = String(decoding: try #require(request.body), as: UTF8.self)
        #expect(
            body == #"{"at":"1970-01-01T00:00:00Z","authors":["Frank Herbert"],"available":true,"meta":{"pages":412},"#
                + #""price":9.5,"sequel":null,"title":"Dune \"1965\"","year":1965}"#)
    }

    @Test("a typed Encodable body is sent as JSON with ISO 8601 dates")
    func typedBody() async throws {
        let transport = stub(body: #"{"id": 7, "title": "Dune", "year": 1965}"#)
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
        let book = NewBook(title: "Dune", published: Date(timeIntervalSince1970: 1.5), tags: ["sf"])

        let result: Result<Book, RepositoryError> = await repository.performRequest(
            method: .post, path: "books", body: book)

        #expect(result.success == Book(id: 7, title: "Dune", year: 1965))
        let request = try #require(transport.requests.first)
        let body = try #require(request.body)
        let json = try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
        #expect(json["published"] as? String == "1970-01-01T00:00:01.500Z")
        #expect(json["title"] as? String == "Dune")
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test("an array body is sent as a JSON array, for any method")
    func arrayBody() async throws {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "books/batch", arrayParameters: [1, "two", ["three": 3], true])

        let request = try #require(transport.requests.first)
        #expect(request.body == Data(#"[1,"two",{"three":3},true]"#.utf8))
        #expect(request.headers["Content-Type"] == "application/json")
    }

    @Test("a per-call Content-Type is kept")
    func explicitContentType() async throws {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .post, path: "books", parameters: ["a": 1], headers: ["content-type": "application/vnd.api+json"])

        let request = try #require(transport.requests.first)
        #expect(request.headers.values(for: "Content-Type") == ["application/vnd.api+json"])
    }

    @Test("no parameters means no body and no Content-Type")
    func noParameters() async throws {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .post, path: "ping")

        let request = try #require(transport.requests.first)
        #expect(request.body == nil)
        #expect(request.headers["Content-Type"] == nil)
    }
}
