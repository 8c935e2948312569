import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Polling", .timeLimit(.minutes(1)))
struct PollingTests {
    struct Report: Decodable, Equatable, Sendable {
        var status: String
    }

    /// Answers the queued statuses in order (then 200), recording when each request arrived.
    final class Script: Sendable {
        let arrivals = Recorder<ContinuousClock.Instant>()
        let responses: [(Int, HTTPHeaders)]

        init(_ responses: [(Int, HTTPHeaders)]) {
            self.responses = responses
        }

        var transport: StubTransport {
            StubTransport { [self] request in
                let index = arrivals.all.count
                arrivals.record(.now)
                let (status, headers) = index < responses.count ? responses[index] : (200, HTTPHeaders())
                let body = status == 200 ? #"{"status": "done"}"# : #"{"status": "pending"}"#
                return HTTPResponse(statusCode: status, headers: headers, body: Data(body.utf8), url: request.url)
            }
        }
    }

    func configuration(interval: TimeInterval = 0.1, retries: Int? = nil) -> NetworkingConfiguration {
        var configuration = stubConfiguration()
        configuration.secondsBetweenPolls = interval
        configuration.maximumPollingRetries = retries
        return configuration
    }

    @Test("three 202s then 200: success after exactly four requests spaced by the interval")
    func pollsUntilReady() async throws {
        // Given
        let script = Script([(202, [:]), (202, [:]), (202, [:])])
        let transport = script.transport
        let repository = TestRepository(configuration: configuration(interval: 0.1), transport: transport)

        // When
        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
            method: .post, path: "reports", parameters: ["kind": "sales"])

        // Then
        #expect(result.success == Report(status: "done"))
        #expect(transport.requestCount == 4)
        let arrivals = script.arrivals.all
        for (earlier, later) in zip(arrivals, arrivals.dropFirst()) {
            #expect(later - earlier >= .milliseconds(100))
        }
        #expect(transport.requests.allSatisfy { $0.method == .post && $0.body == Data(#"{"kind":"sales"}"#.utf8) })
    }

    @Test("Location is polled with GET, relative or absolute")
    func followsLocation() async throws {
        let script = Script([
            (202, ["Location": "jobs/7"]), (202, ["Location": "https://api.example.test/v1/jobs/7?attempt=2"]),
        ])
        let transport = script.transport
        let repository = TestRepository(configuration: configuration(interval: 0, retries: 5), transport: transport)

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
            method: .post, path: "reports", parameters: ["kind": "sales"], headers: ["X-Trace": "1"])

        #expect(result.success == Report(status: "done"))
        let requests = transport.requests
        #expect(
            requests.map(\.url.absoluteString) == [
                "https://api.example.test/v1/reports", "https://api.example.test/v1/jobs/7",
                "https://api.example.test/v1/jobs/7?attempt=2",
            ])
        #expect(requests.map(\.method) == [.post, .get, .get])
        #expect(requests.dropFirst().allSatisfy { $0.body == nil && $0.headers["Content-Type"] == nil })
        #expect(requests.allSatisfy { $0.headers["X-Trace"] == "1" })
    }

    @Test("a Location on another host keeps no credentials; one leaving https is refused")
    func locationSecurity() async throws {
        let session = SessionManager()
        await session.login(token: "secret-token")
        let crossHost = Script([(202, ["Location": "https://cdn.example.test/r/7"])])
        let transport = crossHost.transport
        let repository = TestRepository(
            configuration: configuration(interval: 0, retries: 5), sessionManager: session, transport: transport)

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
            method: .get, path: "reports/7", headers: ["Cookie": "c=1"])

        #expect(result.success != nil)
        #expect(transport.requests.first?.headers["Authorization"] == "secret-token")
        #expect(transport.requests.last?.headers["Authorization"] == nil)
        #expect(transport.requests.last?.headers["Cookie"] == nil)

        let downgrade = Script([(202, ["Location": "http://api.example.test/v1/r/7"])])
        let downgradeTransport = downgrade.transport
        let refused: Result<Report, RepositoryError> = await TestRepository(
            configuration: configuration(interval: 0, retries: 5), transport: downgradeTransport
        ).performPollingRequest(method: .get, path: "reports/7")
        guard case .noNetworkConnection(let error)? = refused.failure else {
            Issue.record("expected noNetworkConnection, got \(refused)")
            return
        }
        #expect(error.code == .insecureRedirect)
        #expect(downgradeTransport.requestCount == 1)
    }

    @Test("Retry-After: 2 is honoured over a 0.1 s interval")
    func retryAfter() async throws {
        let script = Script([(202, ["Retry-After": "2"])])
        let repository = TestRepository(configuration: configuration(interval: 0.1), transport: script.transport)

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        #expect(result.success != nil)
        let arrivals = script.arrivals.all
        #expect(arrivals.count == 2)
        #expect(arrivals[1] - arrivals[0] >= .seconds(2))
    }

    @Test("retries exhausted: .timeout after exactly 1 + N requests", arguments: [0, 1, 3])
    func exhausted(retries: Int) async {
        let script = Script(Array(repeating: (202, [:]), count: 10))
        let transport = script.transport
        let repository = TestRepository(
            configuration: configuration(interval: 0, retries: retries), transport: transport)

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        guard case .timeout? = result.failure else {
            Issue.record("expected timeout, got \(result)")
            return
        }
        #expect(transport.requestCount == 1 + retries)
    }

    @Test("an error during polling is returned as is, and polling stops")
    func errorEndsPolling() async {
        let script = Script([(202, [:]), (503, ["X-Why": "maintenance"]), (202, [:])])
        let transport = script.transport
        let repository = TestRepository(configuration: configuration(interval: 0, retries: 5), transport: transport)

        let result: Result<Report, RepositoryError> = await repository.performPollingRequest(method: .get, path: "r")

        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        #expect(response.statusCode == 503)
        #expect(transport.requestCount == 2)
    }

    @Test("cancelling during the wait returns .cancelled at once")
    func cancelDuringWait() async throws {
        // Given a loop that got a 202 and waits 30 s before polling again. Its task runs on an executor the test
        // can see: once the stub has answered and the task has run as far as it can, it is in the wait.
        let script = Script([(202, [:])])
        let transport = script.transport
        let repository = TestRepository(configuration: configuration(interval: 30), transport: transport)
        let executor = SerialTaskExecutor()
        let task = Task(executorPreference: executor) {
            let result: Result<Report, RepositoryError> = await repository.performPollingRequest(
                method: .get, path: "r")
            return result
        }
        try #require(await TransportFixtures.eventually { transport.requestCount == 1 })
        await executor.settle()

        // When
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.value

        // Then
        // A bound, not a measurement: well under 100 ms in practice, but a loaded machine may be slow to schedule.
        #expect(ContinuousClock.now - start < .seconds(5))
        guard case .cancelled? = result.failure else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(transport.requestCount == 1)
    }

    @Test("without polling, a 202 is an ordinary success")
    func acceptedWithoutPolling() async {
        let repository = TestRepository(
            configuration: stubConfiguration(), transport: stub(status: 202, body: #"{"status": "pending"}"#))

        let result: Result<Report, RepositoryError> = await repository.performRequest(method: .post, path: "r")

        #expect(result.success == Report(status: "pending"))
    }
}
