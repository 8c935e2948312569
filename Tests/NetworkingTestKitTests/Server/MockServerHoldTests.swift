import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockServer holdRequests barrier", .timeLimit(.minutes(1)))
    struct MockServerHoldTests {
        /// Sends GET `path` and returns when its response arrived (on the continuous clock) and its status.
        static func send(_ transport: CurlTransport, _ server: MockServer, _ path: String, timeout: TimeInterval = 30)
            async throws -> (answeredAt: ContinuousClock.Instant, status: Int)
        {
            let response = try await transport.send(TransportFixtures.request(server, path, timeout: timeout))
            return (ContinuousClock.now, response.statusCode)
        }

        @Test func holdsConcurrentRequestsUntilTheLastArrives() async throws {
            // Given a barrier for three requests to /held, and a route answering them
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/held") { _ in MockResponse(status: 200, text: "held") }
            server.route("/free") { _ in MockResponse(status: 202, text: "free") }
            server.holdRequests(until: 3, path: "/held", timeout: 60)
            let transport = CurlTransport()

            // When two requests arrive, another path is requested, and 300 ms later the third request arrives
            let answeredCount = Locked(0)
            let sendHeld = { @Sendable in
                let answer = try await Self.send(transport, server, "/held")
                answeredCount.withLock { $0 += 1 }
                return answer
            }
            let first = Task { try await sendHeld() }
            let second = Task { try await sendHeld() }
            #expect(await TransportFixtures.eventually { server.requestCount(path: "/held") == 2 })
            let free = try await Self.send(transport, server, "/free", timeout: 10)
            try await Task.sleep(for: .milliseconds(300))
            let answeredBeforeTheThird = answeredCount.withLock { $0 }
            let third = try await Self.send(transport, server, "/held")
            let answers = [try await first.value, try await second.value, third]

            // Then the other path was not held, and no held request was answered before the third arrived
            #expect(free.status == 202)
            #expect(answeredBeforeTheThird == 0)
            let thirdArrival = try #require(server.requests(path: "/held").last?.receivedAt)
            #expect(answers.map(\.status) == [200, 200, 200])
            #expect(answers.allSatisfy { $0.answeredAt > thirdArrival })
            #expect(server.requestCount(path: "/held") == 3)
        }

        @Test func requestsAfterTheHeldOnesAreNotHeld() async throws {
            // Given a barrier for two requests to any path, already released by two requests
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { request in MockResponse(text: request.path) }
            server.holdRequests(until: 2, timeout: 60)
            let transport = CurlTransport()
            async let one = Self.send(transport, server, "/one")
            async let two = Self.send(transport, server, "/two")
            _ = try await (one, two)

            // When a third request is sent with a 10-second timeout
            let third = try await Self.send(transport, server, "/three", timeout: 10)

            // Then it is answered (a held one would time out: the barrier's own timeout is 60 s)
            #expect(third.status == 200)
            #expect(server.requestCount == 3)
        }

        @Test func theTimeoutReleasesTheRequestsHeldSoFar() async throws {
            // Given a barrier for three requests that times out after 0.5 s
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/held") { _ in MockResponse(status: 200) }
            let start = ContinuousClock.now
            server.holdRequests(until: 3, path: "/held", timeout: 0.5)
            let transport = CurlTransport()

            // When only one request arrives
            let answer = try await Self.send(transport, server, "/held")

            // Then it is answered anyway, not before the timeout, and the spent barrier holds nothing more
            #expect(answer.status == 200)
            #expect(answer.answeredAt - start >= .milliseconds(500))
            let next = try await Self.send(transport, server, "/held", timeout: 10)
            #expect(next.status == 200)
            #expect(server.requestCount(path: "/held") == 2)
        }

        @Test func shutdownReleasesHeldRequestsAtOnce() async throws {
            // Given a request held by a barrier for two that would wait 60 s
            let server = try MockServer()
            server.route("/held") { _ in MockResponse(status: 200) }
            server.holdRequests(until: 2, path: "/held", timeout: 60)
            let client = Task {
                try await onThread { () -> String in
                    do {
                        return "\(try TestHTTPClient(port: server.port, timeout: 30).request("/held").status)"
                    } catch let error as TestClientError {
                        return error.description
                    }
                }
            }
            #expect(await TransportFixtures.eventually { server.requestCount(path: "/held") == 1 })

            // When the server shuts down
            let elapsed = measure { server.shutdown() }
            let outcome = try await client.value

            // Then shutdown did not wait for the barrier (it waits up to 10 s for its threads), and the
            // held request's connection was closed unanswered
            #expect(elapsed < 5)
            #expect(outcome == "connection closed in a line")
        }
    }
}
