import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("CurlTransport over plain HTTP", .timeLimit(.minutes(1)))
struct CurlTransportTests {
    @Test("100 sequential requests share one keep-alive connection")
    func sequentialRequestsReuseOneConnection() async throws {
        // Given a server and a transport
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport()

        // When 100 requests are sent one after another
        for _ in 0..<100 {
            let response = try await transport.send(TransportFixtures.request(server, "/ping"))
            #expect(response.statusCode == 200)
        }

        // Then they all used one connection and nothing is left in flight
        #expect(server.requestCount == 100)
        #expect(server.connectionCount == 1)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("status, body, effective URL and repeated headers in received order")
    func responseIsReturnedAsReceived() async throws {
        // Given a response with a repeated header field
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(
            MockResponse(
                status: 201, headerFields: [("Set-Cookie", "a=1"), ("X-Trace", "t"), ("Set-Cookie", "b=2")],
                body: Data("created".utf8)))

        // When it is fetched
        let response = try await CurlTransport().send(TransportFixtures.request(server, "/items?x=1"))

        // Then every field is kept, in order, and the body and URL are those of the response
        #expect(response.statusCode == 201)
        #expect(response.headers.values(for: "set-cookie") == ["a=1", "b=2"])
        #expect(response.headers["Set-Cookie"] == "a=1, b=2")
        #expect(response.headers.map(\.name).prefix(3) == ["Set-Cookie", "X-Trace", "Set-Cookie"])
        #expect(response.body == Data("created".utf8))
        #expect(response.url == server.url("/items?x=1"))
    }

    @Test("a 100 Continue before the final response leaves only the final status and headers")
    func informationalResponseIsSkipped() async throws {
        // Given a 100 Continue followed by a 200
        let server = try MockServer()
        defer { server.shutdown() }
        let raw =
            "HTTP/1.1 100 Continue\r\nX-Interim: yes\r\n\r\nHTTP/1.1 200 OK\r\nX-Final: yes\r\nContent-Length: 2\r\n\r\nok"
        server.enqueue(.raw(Data(raw.utf8)))

        // When it is fetched
        let response = try await CurlTransport().send(TransportFixtures.request(server))

        // Then only the final response is reported
        #expect(response.statusCode == 200)
        #expect(response.headers["X-Final"] == "yes")
        #expect(response.headers["X-Interim"] == nil)
        #expect(response.body == Data("ok".utf8))
    }

    @Test("a gzip body is decoded and gzip is offered")
    func gzipBodyIsDecoded() async throws {
        // Given a gzip-encoded body
        let server = try MockServer()
        defer { server.shutdown() }
        let gzip = try #require(Data(base64Encoded: "H4sIAAAAAAAAA8tIzcnJV0ivyixQKM8vyknRUchAEwEAoH3MMCIAAAA="))
        server.enqueue(MockResponse(status: 200, headers: ["Content-Encoding": "gzip"], body: gzip))

        // When it is fetched
        let response = try await CurlTransport().send(TransportFixtures.request(server))

        // Then the body arrives decoded, and the request offered gzip
        #expect(String(decoding: response.body, as: UTF8.self) == "hello gzip world, hello gzip world")
        let recorded = try await server.takeRequest(timeout: 2)
        #expect(recorded.headers["Accept-Encoding"]?.contains("gzip") == true)
    }

    @Test("User-Agent is Networking/<version> unless the request sets one; curl's Expect is never sent")
    func defaultHeaders() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }
        let transport = CurlTransport()

        // When one request has no User-Agent and a large POST body, and another sets its own
        _ = try await transport.send(
            TransportFixtures.request(server, method: .post, body: Data(repeating: 65, count: 2 << 20)))
        _ = try await transport.send(TransportFixtures.request(server, headers: ["User-Agent": "App/2"]))

        // Then the first carries the library's agent and no Expect, the second its own agent
        let first = try await server.takeRequest(timeout: 2)
        #expect(first.headers["User-Agent"] == CurlTransport.userAgent)
        #expect(CurlTransport.userAgent.hasPrefix("Networking/"))
        #expect(first.headers["Expect"] == nil)
        #expect(first.body.count == 2 << 20)
        let second = try await server.takeRequest(timeout: 2)
        #expect(second.headers["User-Agent"] == "App/2")
        #expect(second.headers["Expect"] == nil)
    }

    @Test(
        "a POST, PUT or PATCH without body carries no Content-Type curl made up",
        arguments: [HTTPMethod.post, .put, .patch])
    func emptyBodyHasNoFormType(method: HTTPMethod) async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }
        // When a request of that method has no body and no Content-Type
        _ = try await CurlTransport().send(TransportFixtures.request(server, method: method))
        // Then the server sees an empty body and no Content-Type (curl would label it a form)
        let recorded = try await server.takeRequest(timeout: 2)
        #expect(recorded.method == method.rawValue)
        #expect(recorded.headers["Content-Type"] == nil)
        #expect(recorded.body.isEmpty)
    }

    @Test("HEAD returns headers and no body")
    func headRequest() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, headers: ["X-Head": "1"]))

        // When a HEAD is sent
        let response = try await CurlTransport().send(TransportFixtures.request(server, method: .head))

        // Then the server saw HEAD and the response has headers only
        let recorded = try await server.takeRequest(timeout: 2)
        #expect(recorded.method == "HEAD")
        #expect(response.statusCode == 200)
        #expect(response.headers["X-Head"] == "1")
        #expect(response.body.isEmpty)
    }

    @Test("the body of every method arrives as sent", arguments: [HTTPMethod.post, .put, .patch, .delete, .get])
    func bodiesArrive(method: HTTPMethod) async throws {
        // Given a server and a binary body
        let server = try MockServer()
        defer { server.shutdown() }
        let body = Data([0, 1, 2, 255, 10, 13]) + Data(#"{"name":"Dune"}"#.utf8)

        // When it is sent with the method and a content type
        let response = try await CurlTransport().send(
            TransportFixtures.request(
                server, "/books", method: method, headers: ["Content-Type": "application/json"], body: body))

        // Then the server received the method, the exact bytes and the content type
        let recorded = try await server.takeRequest(timeout: 2)
        #expect(response.statusCode == 404)  // The empty queue's answer.
        #expect(recorded.method == method.rawValue)
        #expect(recorded.body == body)
        #expect(recorded.headers["Content-Type"] == "application/json")
        #expect(recorded.headers["Content-Length"] == String(body.count))
    }

    @Test("a body without Content-Type is not labelled as a form")
    func bodyWithoutContentType() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }

        // When a POST body is sent without a content type
        _ = try await CurlTransport().send(TransportFixtures.request(server, method: .post, body: Data("x".utf8)))

        // Then curl added no content type of its own
        let recorded = try await server.takeRequest(timeout: 2)
        #expect(recorded.headers["Content-Type"] == nil)
        #expect(recorded.body == Data("x".utf8))
    }

    @Test("a response over the ceiling fails with responseTooLarge", arguments: [false, true])
    func responseCeiling(chunked: Bool) async throws {
        // Given a transport with a 1 KiB ceiling and a 4 KiB response (with or without Content-Length)
        let server = try MockServer()
        defer { server.shutdown() }
        let large = MockResponse(status: 200, body: Data(repeating: 7, count: 4096))
        server.enqueue(chunked ? large.chunked(size: 512) : large)
        let transport = CurlTransport(maximumResponseSize: 1024)

        // When it is fetched
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportFixtures.request(server))
        }

        // Then the error says so, and nothing is left in flight
        #expect(error?.code == .responseTooLarge)
        #expect(error?.message.contains("1024") == true)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("the default ceiling is 64 MiB: one byte more is refused as soon as the length is announced")
    func defaultCeiling() async throws {
        // Given responses announcing 64 MiB + 1 and exactly 64 MiB, each cut off after 1 KiB of body
        let server = try MockServer()
        defer { server.shutdown() }
        let ceiling = 64 << 20
        for length in [ceiling + 1, ceiling] {
            let head = Data("HTTP/1.1 200 OK\r\nContent-Length: \(length)\r\n\r\n".utf8)
            server.enqueue(.raw(head + Data(repeating: 7, count: 1024)))
        }
        let transport = CurlTransport()

        // When both are fetched by a transport with the default ceiling
        let over = await TransportFixtures.outcome { try await transport.send(TransportFixtures.request(server)) }
        let at = await TransportFixtures.outcome { try await transport.send(TransportFixtures.request(server)) }

        // Then one byte over is responseTooLarge naming the ceiling; at the ceiling the transfer went on, and
        // failed only when the body was cut off
        #expect(transport.maximumResponseSize == ceiling)
        let overError = (over.failure as? TransportError)
        #expect(overError?.code == .responseTooLarge, "got \(over)")
        #expect(overError?.message.contains("\(ceiling) bytes") == true)
        #expect((at.failure as? TransportError)?.code == .connectionLost, "got \(at)")
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a header with a line break is refused before anything is sent")
    func headerInjectionIsRefused() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }

        // When a header value smuggles a second header
        let error = await #expect(throws: RepositoryError.self) {
            try await CurlTransport().send(TransportFixtures.request(server, headers: ["X-A": "1\r\nX-B: 2"]))
        }

        // Then it is invalidParameters naming the header, and no connection was made
        guard case .invalidParameters(let reason)? = error else {
            Issue.record("expected invalidParameters, got \(String(describing: error))")
            return
        }
        #expect(reason.contains("\"X-A\""))
        #expect(server.connectionCount == 0)
    }
}
