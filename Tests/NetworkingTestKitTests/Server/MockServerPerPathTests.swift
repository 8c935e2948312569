import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockServer requests by path", .timeLimit(.minutes(1)))
    struct MockServerPerPathTests {
        @Test func requestsAndCountsArePerPathInArrivalOrder() async throws {
            // Given a server answering everything
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 204) }

            // When requests to two paths interleave
            _ = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                for target in ["/a?n=1", "/b", "/a?n=2", "/a/deeper", "/a?n=3"] {
                    _ = try client.request(target)
                }
            }

            // Then each path has its own requests, in order, and the query is not part of the path
            #expect(server.requests(path: "/a").map(\.query) == ["n=1", "n=2", "n=3"])
            #expect(server.requestCount(path: "/a") == 3)
            #expect(server.requestCount(path: "a") == 3)
            #expect(server.requests(path: "/b").map(\.target) == ["/b"])
            #expect(server.requestCount(path: "/a/deeper") == 1)
            #expect(server.requestCount(path: "/missing") == 0)
            #expect(server.requests(path: "/missing").isEmpty)
            #expect(server.requestCount == 5)
        }

        @Test func receivedAtIsWhenTheServerReadTheRequest() async throws {
            // Given a server answering everything, and the time before any request
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 204) }
            let start = ContinuousClock.now

            // When two requests are sent 200 ms apart, each after the previous response
            _ = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                _ = try client.request("/tick")
                Thread.sleep(forTimeInterval: 0.2)
                _ = try client.request("/tick")
            }
            let end = ContinuousClock.now

            // Then both were received between start and end, in order, at least the pause apart
            let times = server.requests(path: "/tick").map(\.receivedAt)
            try #require(times.count == 2)
            #expect(times.allSatisfy { $0 >= start && $0 <= end })
            #expect(times[1] - times[0] >= .milliseconds(200))
        }

        @Test func recordedOrderAndReceivedAtAgreeUnderConcurrency() async throws {
            // Given a server answering everything
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 204) }
            let transport = CurlTransport()

            // When 20 requests arrive at once
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask {
                        _ = try await transport.send(TransportFixtures.request(server, "/burst?i=\(index)"))
                    }
                }
                try await group.waitForAll()
            }

            // Then arrival order (the order they are listed in) never goes back in time
            let times = server.requests(path: "/burst").map(\.receivedAt)
            #expect(times.count == 20)
            #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        }

        @Test func theInitialiserKeepsItsOldSpellingAndStampsNow() {
            // Given the time before
            let before = ContinuousClock.now

            // When a request is made without receivedAt, and one with it
            let recorded = RecordedRequest(method: "GET", target: "/books?page=1")
            let stamped = RecordedRequest(method: "GET", target: "/books", receivedAt: before)

            // Then the first is stamped now and the second keeps the given instant
            #expect(recorded.receivedAt >= before)
            #expect(recorded.receivedAt <= ContinuousClock.now)
            #expect(stamped.receivedAt == before)
        }
    }
}
