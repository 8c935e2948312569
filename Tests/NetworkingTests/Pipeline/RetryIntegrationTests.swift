import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// RetryPolicy against a real server: failures of every kind, then success; delays as bounds.
@Suite("Retries over real sockets", .timeLimit(.minutes(2)))
struct RetryIntegrationTests {
    /// A repository on `server` whose only interceptor is `policy`, with a private transport.
    func repository(
        _ server: MockServer, policy: RetryPolicy, timeout: TimeInterval = 10, pins: PinnedCertificates? = nil
    )
        -> TestRepository
    {
        var configuration = TransportFixtures.configuration(server, pins: pins, timeout: timeout)
        configuration.interceptors = [policy]
        configuration.eventMonitors = []
        return TestRepository(configuration: configuration, transport: CurlTransport())
    }

    /// The gaps between the arrivals of `server`'s requests to `path`, in seconds.
    func gaps(_ server: MockServer, _ path: String) -> [Double] {
        let times = server.requests(path: path).map(\.receivedAt)
        return zip(times, times.dropFirst()).map { pair in
            let (seconds, attoseconds) = pair.0.duration(to: pair.1).components
            return Double(seconds) + Double(attoseconds) / 1e18
        }
    }

    static let failures: [(String, MockResponse)] = [
        ("503", MockResponse(status: 503, text: "busy")),
        ("500", MockResponse(status: 500, text: "oops")),
        ("drop", MockResponse().failing(.disconnectAtStart)),
        ("cut-off body", MockResponse(status: 200, text: "truncated body").failing(.disconnectDuringBody)),
    ]

    @Test(
        "k failures, then success: exactly min(k+1, maximumAttempts) requests",
        arguments: failures.map(\.0), [0, 1, 2, 3, 4])
    func failThenSucceed(kind: String, failures: Int) async throws {
        // Given a server failing the first `failures` GETs in the given way, then answering 200
        let server = try MockServer()
        defer { server.shutdown() }
        let failure = try #require(Self.failures.first { $0.0 == kind }?.1)
        server.route(
            "/flaky", failingFirst: failures, with: failure, then: MockResponse(status: 200, json: #"{"ok": true}"#))
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: 0.01, jitter: false)

        // When a GET is made
        let result: Result<[String: Bool], RepositoryError> = await repository(server, policy: policy)
            .performRequest(method: .get, path: "flaky")

        // Then the server got exactly the expected number of requests, and the outcome is the last attempt's
        #expect(server.requestCount(path: "/flaky") == min(failures + 1, 3))
        #expect((result.success == ["ok": true]) == (failures < 3))
    }

    @Test("a stalled attempt times out and is retried")
    func stallThenSucceed() async throws {
        // Given a server that stalls the first request, and a 0.5 s timeout per attempt
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/slow", failingFirst: 1, with: MockResponse().failing(.stall), then: MockResponse(status: 204))
        let policy = RetryPolicy(maximumAttempts: 2, baseDelay: 0, jitter: false)

        // When a GET is made
        let (result, seconds) = await TransportFixtures.measure {
            await repository(server, policy: policy, timeout: 0.5).performRawRequest(method: .get, path: "slow")
        }

        // Then the first attempt ran out of time, the second answered, and the call took at least the timeout
        #expect(result.success?.statusCode == 204)
        #expect(server.requestCount(path: "/slow") == 2)
        #expect(seconds >= 0.5)
        #expect(seconds < 20)
    }

    @Test("waits follow the policy: 0.2 s then 0.4 s without jitter (bounds, not exact times)")
    func backoffBounds() async throws {
        // Given a server failing twice with 503
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/backoff", failingFirst: 2, with: MockResponse(status: 503), then: MockResponse(status: 200))
        let policy = RetryPolicy(maximumAttempts: 3, baseDelay: 0.2, jitter: false)

        // When a GET is made
        let result = await repository(server, policy: policy).performRawRequest(method: .get, path: "backoff")

        // Then the arrivals are spaced at least by the computed waits, and not absurdly more
        #expect(result.success?.statusCode == 200)
        let spacing = gaps(server, "/backoff")
        try #require(spacing.count == 2)
        #expect(spacing[0] >= 0.2 && spacing[0] < 20)
        #expect(spacing[1] >= 0.4 && spacing[1] < 20)
    }

    @Test("with jitter every wait stays within 0 and the computed delay")
    func jitterBounds() async throws {
        // Given a server failing three times with 500
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/jitter", failingFirst: 3, with: MockResponse(status: 500), then: MockResponse(status: 200))
        let policy = RetryPolicy(maximumAttempts: 4, baseDelay: 0.1, jitter: true)

        // When a GET is made
        let result = await repository(server, policy: policy).performRawRequest(method: .get, path: "jitter")

        // Then there were 4 requests, and no gap exceeds its ceiling by more than a loaded machine's slack (the
        // exact draw is checked by the unit tests)
        #expect(result.success?.statusCode == 200)
        let spacing = gaps(server, "/jitter")
        try #require(spacing.count == 3)
        for (index, gap) in spacing.enumerated() {
            #expect(gap < 0.1 * pow(2, Double(index)) + 20)
        }
    }

    @Test(
        "Retry-After on 429 and 503 is honoured, in seconds or as an HTTP-date",
        arguments: [(429, false), (503, false), (503, true)])
    func retryAfter(status: Int, asDate: Bool) async throws {
        // Given a server asking to wait 1 s (2 s for a date: HTTP-dates have whole seconds), once
        let server = try MockServer()
        defer { server.shutdown() }
        let busy =
            asDate
            ? MockResponse(status: status).retryAfter(date: Date(timeIntervalSinceNow: 2))
            : MockResponse(status: status).retryAfter(seconds: 1)
        server.route("/later", failingFirst: 1, with: busy, then: MockResponse(status: 200))
        let policy = RetryPolicy(maximumAttempts: 2, baseDelay: 0, jitter: false)

        // When a GET is made
        let result = await repository(server, policy: policy).performRawRequest(method: .get, path: "later")

        // Then the retry came after the wait the server asked for (the date may be up to 1 s early, being rounded)
        #expect(result.success?.statusCode == 200)
        let spacing = gaps(server, "/later")
        try #require(spacing.count == 1)
        #expect(spacing[0] >= (asDate ? 0.9 : 1.0))
        #expect(spacing[0] < 30)
    }

    @Test("Retry-After is capped at maximumDelay")
    func retryAfterCapped() async throws {
        // Given a server asking for an hour, and a policy capped at 0.3 s
        let server = try MockServer()
        defer { server.shutdown() }
        server.route(
            "/capped", failingFirst: 1, with: MockResponse(status: 503).retryAfter(seconds: 3600),
            then: MockResponse(status: 200))
        let policy = RetryPolicy(maximumAttempts: 2, baseDelay: 0, maximumDelay: 0.3, jitter: false)

        // When a GET is made
        let (result, seconds) = await TransportFixtures.measure {
            await repository(server, policy: policy).performRawRequest(method: .get, path: "capped")
        }

        // Then it waited about the cap, not the hour
        #expect(result.success?.statusCode == 200)
        #expect(gaps(server, "/capped").first.map { $0 >= 0.3 } == true)
        #expect(seconds < 20)
    }

    @Test("POST is never retried by default", arguments: [HTTPMethod.post, .patch])
    func postNotRetried(method: HTTPMethod) async throws {
        // Given a server answering 503
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/orders") { _ in MockResponse(status: 503) }

        // When a POST is made with a generous policy
        let result = await repository(server, policy: RetryPolicy(baseDelay: 0)).performRawRequest(
            method: method, path: "orders", parameters: ["item": 1])

        // Then it was sent once
        #expect(result.failure?.caseName == "requestError")
        #expect(server.requestCount(path: "/orders") == 1)
    }

    @Test("a pinning failure is never retried: one connection, one failed handshake, zero request bytes")
    func pinningNotRetried() async throws {
        // Given a TLS server and a pin for another certificate
        let server = try MockServer(tls: try TransportFixtures.certificate())
        defer { server.shutdown() }
        let other = try TransportFixtures.certificate()
        let policy = RetryPolicy(maximumAttempts: 5, baseDelay: 0)

        // When a GET is made
        let result = await repository(server, policy: policy, pins: .certificates([other.der]))
            .performRawRequest(method: .get, path: "secure")

        // Then it failed once: the server saw one connection and no byte of any request
        #expect(result.failure?.caseName == "pinningFailure")
        #expect(server.connectionCount == 1)
        #expect(server.bytesReceived == 0)
        #expect(server.requestCount == 0)
        #expect(server.handshakeCount == 0)
    }

    @Test("a refused connection is retried (and fails in the end with the last attempt's error)")
    func refusedRetried() async throws {
        // Given a port nobody listens on, held for the whole test
        let closed = try ClosedPort()
        var configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: closed.port, timeout: 5)
        configuration.interceptors = [RetryPolicy(maximumAttempts: 3, baseDelay: 0.05, jitter: false)]
        let monitor = RecordingMonitor()
        configuration.eventMonitors = [monitor]

        // When a GET is made
        let result = await TestRepository(configuration: configuration, transport: CurlTransport())
            .performRawRequest(method: .get, path: "nobody")

        // Then three attempts were made, each refused
        #expect(monitor.finished.all.map(\.context.attempt) == [1, 2, 3])
        guard case .noNetworkConnection(let error)? = result.failure else {
            Issue.record("expected noNetworkConnection, got \(result)")
            return
        }
        #expect(error.code == .connectionRefused)
    }

    @Test("cancelling during a wait: .cancelled at once, no further request")
    func cancelDuringWait() async throws {
        // Given a server answering 503, a policy that would wait 30 s, and a monitor reporting finished attempts
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/wait") { _ in MockResponse(status: 503) }
        let (finished, finish) = AsyncStream<Void>.makeStream()
        var configuration = TransportFixtures.configuration(server)
        configuration.interceptors = [RetryPolicy(baseDelay: 30, jitter: false)]
        configuration.eventMonitors = [FinishSignal(finish)]
        let repository = TestRepository(configuration: configuration, transport: CurlTransport())

        // When the call is cancelled once its first attempt has finished (the policy is then waiting)
        let call = Task { await repository.performRawRequest(method: .get, path: "wait") }
        var iterator = finished.makeAsyncIterator()
        await iterator.next()
        let cancelledAt = ContinuousClock.now
        call.cancel()
        let result = await call.value

        // Then the call ended promptly as cancelled and nothing more was sent
        #expect(result.failure?.caseName == "cancelled")
        #expect(cancelledAt.duration(to: .now) < .seconds(10))
        #expect(server.requestCount(path: "/wait") == 1)
    }
}

/// A monitor that yields once for every finished attempt.
struct FinishSignal: RequestEventMonitor {
    let continuation: AsyncStream<Void>.Continuation

    init(_ continuation: AsyncStream<Void>.Continuation) {
        self.continuation = continuation
    }

    func requestWillSend(_ request: HTTPRequest, context: RequestContext) {}

    func request(
        _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
    ) {
        continuation.yield()
    }
}
