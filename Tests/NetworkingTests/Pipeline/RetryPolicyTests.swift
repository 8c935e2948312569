import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

@Suite("Retry policy", .timeLimit(.minutes(2)))
struct RetryPolicyTests {
    let url = URL(string: "https://api.example.test/v1/items")!

    func response(_ status: Int, retryAfter: String? = nil) -> Result<HTTPResponse, any Error> {
        var headers = HTTPHeaders()
        if let retryAfter {
            headers["Retry-After"] = retryAfter
        }
        return .success(HTTPResponse(statusCode: status, headers: headers, url: url))
    }

    @Test(
        "without jitter attempt n waits baseDelay·2^(n-1), capped at maximumDelay",
        arguments: [(1, 0.5), (2, 1.0), (3, 2.0), (6, 16.0), (7, 30.0), (200, 30.0)])
    func exponential(attempt: Int, expected: Double) {
        let policy = RetryPolicy(jitter: false)

        #expect(policy.delay(afterAttempt: attempt, of: .get, outcome: response(503)) == expected)
    }

    @Test("with jitter the wait is drawn uniformly from 0 up to the computed delay")
    func fullJitter() {
        // Given a policy with jitter and a random source that records the range it is asked for
        let ranges = Recorder<ClosedRange<Double>>()
        let policy = RetryPolicy(baseDelay: 1, maximumDelay: 5)

        // When delays are computed after attempts 1, 2 and 4
        let delays = [1, 2, 4].map { attempt in
            policy.delay(afterAttempt: attempt, of: .get, outcome: response(500)) { range in
                ranges.record(range)
                return range.upperBound / 2
            }
        }

        // Then each came from 0...delay, the delay capped
        #expect(ranges.all == [0...1, 0...2, 0...5])
        #expect(delays == [0.5, 1, 2.5])
        // And real draws stay within bounds
        for _ in 0..<1000 {
            let drawn = policy.delay(afterAttempt: 3, of: .get, outcome: response(502)) ?? -1
            #expect((0...4).contains(drawn))
        }
    }

    @Test(
        "Retry-After on 429 and 503 replaces the computed delay, capped at maximumDelay; other statuses ignore it",
        arguments: [
            (429, "2", 2.0), (503, "0", 0.0), (503, "120", 30.0), (503, "Sun, 01 Dec 2030 12:00:05 GMT", 5.0),
            (503, "Sun, 01 Dec 2030 11:00:00 GMT", 0.0), (503, "soon", 0.5), (500, "7", 0.5), (502, "7", 0.5),
        ])
    func retryAfter(status: Int, header: String, expected: Double) throws {
        let policy = RetryPolicy(jitter: false)
        let now = try #require(ISO8601DateFormatter().date(from: "2030-12-01T12:00:00Z"))

        let delay = policy.delay(afterAttempt: 1, of: .get, outcome: response(status, retryAfter: header), now: now)

        #expect(delay == expected)
    }

    @Test("Retry-After is not jittered")
    func retryAfterIsExact() {
        let policy = RetryPolicy(jitter: true)

        let delay = policy.delay(afterAttempt: 1, of: .get, outcome: response(429, retryAfter: "3")) { _ in 0 }

        #expect(delay == 3)
    }

    @Test("only retryable methods are retried: POST and PATCH are not by default")
    func methods() {
        let policy = RetryPolicy()

        let retried = HTTPMethod.allCases.filter {
            policy.delay(afterAttempt: 1, of: $0, outcome: response(503)) != nil
        }

        #expect(Set(retried) == [.get, .head, .put, .delete, .options])
    }

    @Test(
        "which failures are retried",
        arguments: [
            (TransportError(code: .connectionRefused, message: "") as any Error, true),
            (TransportError(code: .connectionLost, message: ""), true),
            (RepositoryError.timeout, true),
            (RepositoryError.noNetworkConnection(TransportError(code: .connectionLost, message: "")), true),
            (TransportError(code: .tlsHandshakeFailed, message: ""), false),
            (TransportError(code: .insecureRedirect, message: ""), false),
            (TransportError(code: .responseTooLarge, message: ""), false),
            (TransportError(code: .hostNotFound, message: ""), false),
            (TransportError(code: .invalidResponse, message: ""), false),
            (TransportError(code: .tooManyRedirects, message: ""), false),
            (TransportError(code: .other, message: ""), false),
            (PinningFailure(host: "h", servedPins: [], expectedPins: [], reason: "no pin"), false),
            (CancellationError(), false),
            (RepositoryError.cancelled, false),
            (RepositoryError.noNetworkConnection(TransportError(code: .tlsHandshakeFailed, message: "")), false),
        ])
    func failures(error: any Error, retried: Bool) {
        let policy = RetryPolicy()

        #expect((policy.delay(afterAttempt: 1, of: .get, outcome: .failure(error)) != nil) == retried)
    }

    @Test("statuses outside retryableStatusCodes are not retried", arguments: [200, 201, 204, 301, 400, 401, 404, 501])
    func statuses(status: Int) {
        #expect(RetryPolicy().delay(afterAttempt: 1, of: .get, outcome: response(status)) == nil)
    }

    @Test(
        "a call fails k times, then succeeds: min(k+1, maximumAttempts) requests",
        arguments: [(0, 3), (1, 3), (2, 3), (3, 3), (5, 3), (4, 1), (2, 5)])
    func attemptsAgainstStub(failures: Int, maximumAttempts: Int) async throws {
        // Given a transport failing `failures` times (alternating 503 and a lost connection), then answering 200
        let sent = Locked(0)
        let transport = StubTransport { request in
            let index = sent.withLock { count in
                count += 1
                return count
            }
            guard index > failures else {
                if index.isMultiple(of: 2) {
                    throw TransportError(code: .connectionLost, message: "lost")
                }
                return HTTPResponse(statusCode: 503, url: request.url)
            }
            return HTTPResponse(statusCode: 200, url: request.url)
        }
        let policy = RetryPolicy(maximumAttempts: maximumAttempts, baseDelay: 0, jitter: false)
        let repository = TestRepository(
            configuration: chainConfiguration(interceptors: [policy]), transport: transport)

        // When a GET is made
        let result = await repository.performRawRequest(method: .get, path: "flaky")

        // Then exactly the expected number of requests went out, and the last outcome is the call's
        let expected = min(failures + 1, maximumAttempts)
        #expect(transport.requestCount == expected)
        #expect((result.success != nil) == (failures < maximumAttempts))
    }

    @Test(
        "invalid settings fail the call as invalidParameters naming the field, before sending",
        arguments: [
            (RetryPolicy(maximumAttempts: 0), "maximumAttempts"),
            (RetryPolicy(baseDelay: -1), "baseDelay"),
            (RetryPolicy(baseDelay: .nan), "baseDelay"),
            (RetryPolicy(maximumDelay: .infinity), "maximumDelay"),
        ])
    func invalidSettings(policy: RetryPolicy, field: String) async {
        let transport = stub()
        let repository = TestRepository(configuration: chainConfiguration(interceptors: [policy]), transport: transport)

        let result = await repository.performRawRequest(method: .get, path: "x")

        guard case .invalidParameters(let reason)? = result.failure else {
            Issue.record("expected invalidParameters, got \(result)")
            return
        }
        #expect(reason.contains("RetryPolicy.\(field)"))
        #expect(transport.requestCount == 0)
    }

    @Test("cancelling during a wait returns .cancelled at once and sends nothing more")
    func cancelDuringWait() async throws {
        // Given a policy waiting 30 s after a 503, and a transport that reports each request it answers
        let (answered, answer) = AsyncStream<Void>.makeStream()
        let transport = StubTransport { request in
            answer.yield()
            return HTTPResponse(statusCode: 503, url: request.url)
        }
        let policy = RetryPolicy(baseDelay: 30, jitter: false)
        let repository = TestRepository(configuration: chainConfiguration(interceptors: [policy]), transport: transport)

        // When the call is cancelled once the first answer is in (so during the wait)
        let call = Task { await repository.performRawRequest(method: .get, path: "slow") }
        var iterator = answered.makeAsyncIterator()
        await iterator.next()
        let cancelledAt = ContinuousClock.now
        call.cancel()
        let result = await call.value

        // Then it returned .cancelled well before the wait would have ended, after one request only
        #expect(result.failure?.caseName == "cancelled")
        #expect(cancelledAt.duration(to: .now) < .seconds(10))
        #expect(transport.requestCount == 1)
    }

    @Test("attempts are numbered for the links inside the policy and for the monitors")
    func attemptNumbers() async throws {
        // Given a policy in front of a recording interceptor and monitor, and a transport failing twice
        let log = Recorder<String>()
        let statuses = Locked([500, 503, 200])
        let transport = StubTransport { request in
            HTTPResponse(statusCode: statuses.withLock { $0.removeFirst() }, url: request.url)
        }
        let configuration = chainConfiguration(
            interceptors: [RetryPolicy(baseDelay: 0), RecordingInterceptor(name: "A", log: log)],
            monitors: [RecordingMonitor("M", log: log)])
        let repository = TestRepository(configuration: configuration, transport: transport)

        // When a GET is made
        let result = await repository.performRawRequest(method: .get, path: "numbered")

        // Then both saw attempts 1, 2 and 3
        #expect(result.success?.statusCode == 200)
        #expect(
            log.all == [
                "A → 1", "M will 1", "M did 1 500", "A ← 500", "A → 2", "M will 2", "M did 2 503", "A ← 503", "A → 3",
                "M will 3", "M did 3 200", "A ← 200",
            ])
    }
}
