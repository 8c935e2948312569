import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer routes", .timeLimit(.minutes(1)))
    struct MockServerRouteTests {
        @Test func routeWinsOverTheDispatcherAndTheQueue() async throws {
            // Given a queued 500, a dispatcher answering 418, and a route for /books
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 500, text: "queued"))
            server.dispatcher = { _ in MockResponse(status: 418, text: "dispatched") }
            server.route("/books") { request in MockResponse(status: 200, text: "routed \(request.query ?? "-")") }

            // When /books (with and without a query) and another path are requested
            let answers = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try ["/books", "/books?page=2", "/other"].map { try client.request($0) }.map {
                    ($0.status, $0.text)
                }
            }

            // Then the route answers its path whatever the query, the dispatcher the rest, and the queue is untouched
            #expect(answers.map(\.0) == [200, 200, 418])
            #expect(answers.map(\.1) == ["routed -", "routed page=2", "dispatched"])
            #expect(server.queuedResponseCount == 1)
        }

        @Test func pathsWithoutARouteFallBackToTheQueue() async throws {
            // Given a route for /token and two queued responses
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 201, text: "first"))
            server.enqueue(MockResponse(status: 202, text: "second"))
            server.route("token") { _ in MockResponse(status: 200, text: "token") }

            // When requests to /token and elsewhere interleave
            let answers = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try ["/a", "/token", "/b", "/token"].map { try client.request($0).text }
            }

            // Then the route (its leading slash added) takes /token and the queue the others, in order
            #expect(answers == ["first", "token", "second", "token"])
            #expect(server.queuedResponseCount == 0)
        }

        @Test func settingARouteAgainReplacesIt() async throws {
            // Given a route that was replaced
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/books") { _ in MockResponse(status: 500, text: "old") }
            server.route("/books") { _ in MockResponse(status: 200, text: "new") }

            // When the path is requested
            let response = try await onThread { try TestHTTPClient(port: server.port).request("/books") }

            // Then the newer route answers
            #expect(response.status == 200)
            #expect(response.text == "new")
        }

        @Test func failingFirstIsReplacedWithItsCount() async throws {
            // Given a failingFirst route that failed once, then replaced by a new one failing twice
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/flaky", failingFirst: 1, with: MockResponse(status: 500), then: MockResponse(status: 200))
            let before = try await onThread { try TestHTTPClient(port: server.port).request("/flaky").status }
            server.route("/flaky", failingFirst: 2, with: MockResponse(status: 503), then: MockResponse(status: 204))

            // When the path is requested three more times
            let statuses = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try (0..<3).map { _ in try client.request("/flaky").status }
            }

            // Then the new route counts its failures from the start
            #expect(before == 500)
            #expect(statuses == [503, 503, 204])
        }

        @Test func shutdownReleasesARouteThatCapturesTheServer() throws {
            // Given a server whose route captures it
            weak var weakServer: MockServer?
            do {
                let server = try MockServer()
                server.route("/count") { _ in MockResponse(text: "\(server.requestCount)") }
                weakServer = server

                // When it is shut down
                server.shutdown()
            }

            // Then nothing keeps it alive
            #expect(weakServer == nil)
        }
    }
}
