import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("HTTPMethod", .timeLimit(.minutes(1)))
struct HTTPMethodTests {
    @Test(
        "any RFC 9110 token is a method, sent exactly as written",
        arguments: ["PROPFIND", "PURGE", "M-SEARCH", "get", "X~1!"])
    func tokens(name: String) throws {
        let method = try #require(HTTPMethod(rawValue: name))

        #expect(method.rawValue == name)
        #expect(method.description == name)
    }

    @Test(
        "a name that is not a token is refused",
        arguments: ["", "GET /", "GE\tT", "GET\r\nX: 1", "PÜT", "A:B", "(GET)"])
    func nonTokens(name: String) {
        #expect(HTTPMethod(rawValue: name) == nil)
    }

    @Test("the standard methods read as before, QUERY among them; methods are case-sensitive")
    func standard() {
        #expect(
            HTTPMethod.allCases.map(\.rawValue) == [
                "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "QUERY",
            ])
        #expect(HTTPMethod(rawValue: "GET") == .get)
        #expect(HTTPMethod(rawValue: "get") != .get)
        #expect(Set([HTTPMethod.get, HTTPMethod(rawValue: "GET")].compactMap { $0 }).count == 1)
    }

    @Test("a custom method and QUERY reach the server with their name and body", arguments: ["PROPFIND", "QUERY"])
    func overTheWire(name: String) async throws {
        // Given a server and a method with a body
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200))
        let method = try #require(HTTPMethod(rawValue: name))
        let body = Data(#"{"q":"books"}"#.utf8)
        // When it is sent
        let response = try await CurlTransport().send(
            HTTPRequest(
                method: method, url: server.url("/search"), headers: ["Content-Type": "application/json"], body: body,
                timeout: 10))
        // Then the server saw that method, the body and its type
        let recorded = try await server.takeRequest(timeout: 5)
        #expect(response.statusCode == 200)
        #expect(recorded.method == name)
        #expect(recorded.body == body)
        #expect(recorded.headers["Content-Type"] == "application/json")
    }

    @Test("QUERY sends a call's parameters as a JSON body, not in the URL")
    func queryParameters() async throws {
        // Given a repository over a stub
        let transport = stub(body: "{}")
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
        // When a QUERY call has parameters
        _ = await repository.performRawRequest(method: .query, path: "books", parameters: ["author": "Le Guin"])
        // Then they travel as JSON in the body
        let sent = try #require(transport.requests.first)
        #expect(sent.method == .query)
        #expect(sent.url.query == nil)
        let body = try #require(sent.body)
        #expect(try JSONSerialization.jsonObject(with: body) as? [String: String] == ["author": "Le Guin"])
    }

    @Test("a custom method is never answered from the cache, and not retried by default")
    func notCachedNotRetried() async throws {
        // Given a cached, retrying repository whose server answers a cacheable 503 then a cacheable 200
        let purge = try #require(HTTPMethod(rawValue: "PURGE"))
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, headers: ["Cache-Control": "max-age=600"], body: Data("ok".utf8), url: request.url)
        }
        var configuration = stubConfiguration()
        configuration.cache = .memory()
        configuration.interceptors = [RetryPolicy(baseDelay: 0, jitter: false)]
        let repository = TestRepository(configuration: configuration, transport: transport)
        // When the same custom call is made twice
        _ = await repository.performRawRequest(method: purge, path: "item")
        let second = await repository.performRawRequest(method: purge, path: "item")
        // Then both went to the transport (no cache hit)
        #expect(transport.requestCount == 2)
        #expect(second.success?.headers["X-Networking-Cache"] != "hit")

        // And a 503 to it is not retried
        let failing = StubTransport(statusCode: 503)
        let retrying = TestRepository(configuration: configuration, transport: failing)
        _ = await retrying.performRawRequest(method: purge, path: "other")
        #expect(failing.requestCount == 1)
    }
}
