import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// Polling over real loopback sockets: `MockServer` records when each poll arrived.
@Suite("Polling over MockServer", .timeLimit(.minutes(1)))
struct PollingIntegrationTests {
    struct Report: Decodable, Equatable, Sendable {
        var status: String
    }

    /// Arrival times of the server's requests, in order.
    final class Arrivals: Sendable {
        private let times = Locked<[ContinuousClock.Instant]>([])

        func record() {
            times.withLock { $0.append(.now) }
        }

        var gaps: [Duration] {
            let all = times.withLock { $0 }
            return zip(all, all.dropFirst()).map { $1 - $0 }
        }
    }

    static let pending = MockResponse(status: 202, json: #"{"status": "pending"}"#)
    static let done = MockResponse(status: 200, json: #"{"status": "done"}"#)

    func configuration(_ server: MockServer, interval: TimeInterval, retries: Int? = nil) -> NetworkingConfiguration {
        var configuration = TransportFixtures.configuration(
            server, host: "127.0.0.1", pins: server.certificateDER.map { .certificates([$0]) })
        configuration.secondsBetweenPolls = interval
        configuration.maximumPollingRetries = retries
        return configuration
    }

    /// Answers `responses` in order (then `done`), recording arrival times.
    func script(_ server: MockServer, _ responses: [MockResponse]) -> Arrivals {
        let arrivals = Arrivals()
        let queue = Locked(responses)
        server.dispatcher = { _ in
            arrivals.record()
            return queue.withLock { $0.isEmpty ? Self.done : $0.removeFirst() }
        }
        return arrivals
    }

    @Test("3 × 202 then 200 over pinned TLS: exactly 4 requests, spaced by the interval")
    func pollsUntilReady() async throws {
        // Given
        let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
        defer { server.shutdown() }
        let arrivals = script(server, [Self.pending, Self.pending, Self.pending])
        let repository = TestRepository(configuration: configuration(server, interval: 0.2))

        // When
        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
            method: .post, path: "reports", parameters: ["kind": "sales"])

        // Then
        #expect(result.success == Report(status: "done"))
        #expect(server.requestCount == 4)
        #expect(arrivals.gaps.count == 3)
        #expect(arrivals.gaps.allSatisfy { $0 >= .milliseconds(200) })
        #expect(server.recordedRequests.allSatisfy { $0.method == "POST" && $0.bodyString == #"{"kind":"sales"}"# })
    }

    @Test("the Location of a 202 is polled with GET")
    func followsLocation() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        _ = script(server, [Self.pending.addingHeader("Location", "/jobs/7"), Self.pending])
        let repository = TestRepository(configuration: configuration(server, interval: 0.05))

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
            method: .post, path: "reports")

        #expect(result.success == Report(status: "done"))
        #expect(
            server.recordedRequests.map { "\($0.method) \($0.path)" } == [
                "POST /reports", "GET /jobs/7", "GET /jobs/7",
            ])
    }

    @Test("Retry-After: 2 is honoured over a 0.1 s interval")
    func retryAfter() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        let arrivals = script(server, [Self.pending.addingHeader("Retry-After", "2")])
        let repository = TestRepository(configuration: configuration(server, interval: 0.1))

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        #expect(result.success != nil)
        #expect(arrivals.gaps.count == 1)
        #expect(arrivals.gaps.allSatisfy { $0 >= .seconds(2) })
    }

    @Test("retries exhausted: .timeout after exactly 1 + N requests")
    func exhausted() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        _ = script(server, Array(repeating: Self.pending, count: 10))
        let repository = TestRepository(configuration: configuration(server, interval: 0.01, retries: 3))

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        guard case .timeout? = result.failure else {
            Issue.record("expected timeout, got \(result)")
            return
        }
        #expect(server.requestCount == 4)
    }

    @Test("cancelling during the wait returns .cancelled at once, with no further request")
    func cancelDuringWait() async throws {
        // Given a loop that got a 202 and waits 30 s before polling again. Its task runs on an executor the test
        // can see: once the 202 has come back from the socket and the task has run as far as it can, it is in
        // the wait.
        let server = try MockServer()
        defer { server.shutdown() }
        _ = script(server, [Self.pending])
        let curl = CurlTransport()
        let answered = Locked(false)
        let transport = StubTransport { request in
            let response = try await curl.send(request)
            answered.withLock { $0 = true }
            return response
        }
        let repository = TestRepository(
            configuration: configuration(server, interval: 30, retries: 1), transport: transport)
        let executor = SerialTaskExecutor()
        let task = Task(executorPreference: executor) {
            let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
                method: .get, path: "r")
            return result
        }
        try #require(await TransportFixtures.eventually { answered.withLock { $0 } })
        await executor.settle()

        // When
        let (result, seconds) = await TransportFixtures.measure { () async -> Result<Report, RepositoryError> in
            task.cancel()
            return await task.value
        }

        // Then: well under 100 ms in practice; the bound leaves room for a loaded machine.
        #expect(seconds < 5)
        guard case .cancelled? = result.failure else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(server.requestCount == 1)
    }

    @Test("an error during polling is returned as is")
    func errorEndsPolling() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        _ = script(server, [Self.pending, MockResponse(status: 500, text: "boom")])
        let repository = TestRepository(configuration: configuration(server, interval: 0.01))

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        #expect(response.statusCode == 500)
        #expect(response.body == Data("boom".utf8))
        #expect(server.requestCount == 2)
    }

    @Test("with a JSON body: every repeat of the request carries it, and a Location poll is a GET without it")
    func pollingWithABody() async throws {
        // Given a 202, a 202 with a Location, then the result
        struct Order: Encodable, Sendable {
            var book: Int
            var copies: Int
        }
        let server = try MockServer()
        defer { server.shutdown() }
        let moved = MockResponse(status: 202, headers: ["Location": "/jobs/7"], json: #"{"status": "pending"}"#)
        _ = script(server, [Self.pending, moved])
        let repository = TestRepository(configuration: configuration(server, interval: 0.01, retries: 5))

        // When an order is posted for polling
        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
            method: .post, path: "orders", body: Order(book: 7, copies: 2))

        // Then the body went with both POSTs, as JSON, and not with the GET of the Location
        #expect(result.success == Report(status: "done"))
        let requests = server.recordedRequests
        #expect(requests.map(\.method) == ["POST", "POST", "GET"])
        #expect(requests.map(\.path) == ["/orders", "/orders", "/jobs/7"])
        for request in requests.prefix(2) {
            let sent = try JSONSerialization.jsonObject(with: request.body) as? [String: Int]
            #expect(sent == ["book": 7, "copies": 2])
            #expect(request.headers["Content-Type"] == "application/json")
        }
        #expect(requests.last?.body.isEmpty == true)
        #expect(requests.last?.headers["Content-Type"] == nil)
    }

    @Test(
        "a Location that is no http(s) URL ends polling with invalidURL naming it, with no further request",
        arguments: ["mailto:jobs@example.test", "http://", "ftp://127.0.0.1/jobs/7"])
    func unusableLocation(location: String) async throws {
        // Given a 202 whose Location cannot be polled
        let server = try MockServer()
        defer { server.shutdown() }
        let unusable = MockResponse(status: 202, headers: ["Location": location], json: #"{"status": "pending"}"#)
        _ = script(server, [unusable])
        let repository = TestRepository(configuration: configuration(server, interval: 0.01, retries: 5))

        // When polling starts
        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        // Then it ends there
        guard case .invalidURL(let reason)? = result.failure else {
            Issue.record("expected invalidURL, got \(result)")
            return
        }
        #expect(reason.contains(location))
        #expect(server.requestCount == 1)
    }
}
