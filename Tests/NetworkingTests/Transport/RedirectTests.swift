import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("CurlTransport redirects", .timeLimit(.minutes(1)))
struct RedirectTests {
    @Test("a cross-host redirect arrives without Authorization and Cookie; the final URL is reported")
    func crossHostRedirectDropsCredentials() async throws {
        // Given 127.0.0.1 redirecting to localhost (another host, same server)
        let server = try MockServer()
        defer { server.shutdown() }
        let target = try #require(URL(string: "http://localhost:\(server.port)/there"))
        server.enqueue(MockResponse(status: 302, headers: ["Location": target.absoluteString]))
        server.enqueue(MockResponse(status: 200, text: "arrived"))

        // When a request with credentials is sent
        let response = try await CurlTransport().send(
            TransportFixtures.request(
                server, "/here", headers: ["Authorization": "Bearer secret", "Cookie": "s=1", "X-Keep": "k"]))

        // Then the first hop carried them and the second did not
        let first = try await server.takeRequest(timeout: 2)
        let second = try await server.takeRequest(timeout: 2)
        #expect(first.headers["Authorization"] == "Bearer secret")
        #expect(second.path == "/there")
        #expect(second.headers["Authorization"] == nil)
        #expect(second.headers["Cookie"] == nil)
        #expect(second.headers["X-Keep"] == "k")
        #expect(response.statusCode == 200)
        #expect(response.url == target)
    }

    @Test("a same-origin relative redirect keeps Authorization")
    func sameOriginRedirectKeepsCredentials() async throws {
        // Given a relative Location
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 301, headers: ["Location": "../moved?a=1"]))
        server.enqueue(MockResponse(status: 200, text: "ok"))

        // When it is followed
        let response = try await CurlTransport().send(
            TransportFixtures.request(server, "/v1/old", headers: ["Authorization": "Bearer secret"]))

        // Then the second request resolved against the first URL and kept the credentials
        _ = try await server.takeRequest(timeout: 2)
        let second = try await server.takeRequest(timeout: 2)
        #expect(second.path == "/moved")
        #expect(second.query == "a=1")
        #expect(second.headers["Authorization"] == "Bearer secret")
        #expect(response.statusCode == 200)
    }

    @Test(
        "303, and 301/302 after POST, become GET without body; 307 and 308 keep method and body",
        arguments: [(303, "GET"), (302, "GET"), (301, "GET"), (307, "POST"), (308, "POST")])
    func methodRewriting(status: Int, expectedMethod: String) async throws {
        // Given a POST answered with the redirect
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: status, headers: ["Location": "/next"]))
        server.enqueue(MockResponse(status: 200))

        // When it is followed
        _ = try await CurlTransport().send(
            TransportFixtures.request(
                server, "/form", method: .post, headers: ["Content-Type": "text/plain"], body: Data("payload".utf8)))

        // Then the second request has the expected method, and a body only when it stayed POST
        _ = try await server.takeRequest(timeout: 2)
        let second = try await server.takeRequest(timeout: 2)
        #expect(second.method == expectedMethod)
        #expect(second.body == (expectedMethod == "POST" ? Data("payload".utf8) : Data()))
        #expect((second.headers["Content-Type"] != nil) == (expectedMethod == "POST"))
    }

    @Test("https → http is refused with insecureRedirect and the http server receives nothing")
    func httpsToHttpIsRefused() async throws {
        // Given a pinned https server redirecting to a plain http server
        let certificate = try TestCertificate.selfSigned(commonName: "localhost")
        let secure = try MockServer(tls: certificate)
        let plain = try MockServer()
        defer {
            secure.shutdown()
            plain.shutdown()
        }
        secure.enqueue(MockResponse(status: 302, headers: ["Location": plain.url("/insecure").absoluteString]))

        // When the https request is sent
        let error = await #expect(throws: TransportError.self) {
            try await CurlTransport().send(
                TransportFixtures.request(
                    secure, headers: ["Authorization": "Bearer secret"], pinning: .certificates([certificate.der])))
        }

        // Then it is refused before anything reached the http server
        #expect(error?.code == .insecureRedirect)
        #expect(plain.connectionCount == 0)
        #expect(plain.requestCount == 0)
    }

    @Test("10 redirects are followed; the 11th fails with tooManyRedirects")
    func redirectLimit() async throws {
        // Given a server redirecting /n to /n+1 up to `limit`, then answering 200
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { request in
            let hop = Int(request.path.dropFirst()) ?? 0
            let limit = request.query == "limit=11" ? 11 : 10
            return hop < limit
                ? MockResponse(status: 307, headers: ["Location": "/\(hop + 1)?\(request.query ?? "")"])
                : MockResponse(status: 200, text: "done")
        }
        let transport = CurlTransport()

        // When 10 redirects are needed, then 11
        let response = try await transport.send(
            TransportFixtures.request(server, "/0?limit=10", timeout: TestTime.bound(10)))
        let error = await #expect(throws: TransportError.self) {
            try await transport.send(TransportFixtures.request(server, "/0?limit=11", timeout: TestTime.bound(10)))
        }

        // Then the first succeeds and the second stops after 11 responses
        #expect(response.statusCode == 200)
        #expect(response.url.path == "/10")
        #expect(error?.code == .tooManyRedirects)
        #expect(server.requestCount == 11 + 11)
    }

    @Test("a 3xx without Location is returned as is")
    func redirectWithoutLocation() async throws {
        // Given a 304-like redirect status without Location
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 302))

        // When it is fetched
        let response = try await CurlTransport().send(TransportFixtures.request(server))

        // Then it is the response
        #expect(response.statusCode == 302)
        #expect(server.requestCount == 1)
    }

    @Test("the budget covers the whole redirect chain: the second hop gets what the first left")
    func budgetSpansRedirects() async throws {
        // Given a redirect after 0.5 s, then an answer after 3.6 s, for a request with a 4 s budget: the first hop
        // has 3.5 s to spare, and the second would get its answer if it were given the whole budget afresh
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 302, headers: ["Location": "/second"]).delayed(by: 0.5))
        server.enqueue(MockResponse(status: 200, text: "too late").delayed(by: 3.6))
        let transport = CurlTransport()

        // When it is sent, from a task on an executor of its own: between the hops the task resumes there, not on
        // the cooperative pool, which tests running in parallel may keep busy for seconds (the budget would then
        // run out between the hops, a case of its own below)
        let task = Task(executorPreference: SerialTaskExecutor()) {
            await TransportFixtures.measure {
                await TransportFixtures.outcome {
                    try await transport.send(TransportFixtures.request(server, "/first", timeout: 4))
                }
            }
        }
        let (result, seconds) = await task.value

        // Then the second hop timed out when the budget ran out
        #expect(TransportFixtures.isTimeout(result), "expected RepositoryError.timeout, got \(result)")
        #expect(server.recordedRequests.map(\.path) == ["/first", "/second"])
        #expect(seconds >= 3.95)
        #expect(seconds < 4 + 5)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a budget that runs out between two hops ends in .timeout, and the next hop is never sent")
    func deadlineBetweenRedirects() async throws {
        // Given a server redirecting at once, and a request with a 1 s budget whose task runs on an executor that
        // the server's dispatcher keeps busy until well after the budget, from before the redirect goes out: the
        // first hop completes in time, but the task resumes only after the deadline
        let server = try MockServer()
        defer { server.shutdown() }
        let executor = SerialTaskExecutor()
        server.dispatcher = { request in
            guard request.path == "/first" else {
                return MockResponse(status: 200, text: "never asked for")
            }
            executor.hold(until: .now + .seconds(1.5))
            return MockResponse(status: 302, headers: ["Location": "/second"])
        }
        let transport = CurlTransport()

        // When it is sent
        let task = Task(executorPreference: executor) {
            await TransportFixtures.outcome {
                try await transport.send(TransportFixtures.request(server, "/first", timeout: 1))
            }
        }
        let result = await task.value

        // Then the redirect was not followed: the budget was spent
        #expect(TransportFixtures.isTimeout(result), "expected RepositoryError.timeout, got \(result)")
        #expect(server.recordedRequests.map(\.path) == ["/first"])
        #expect(transport.liveTransferCount == 0)
    }
}
