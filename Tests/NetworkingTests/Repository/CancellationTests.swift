import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Cancellation and laziness", .timeLimit(.minutes(1)))
struct CancellationTests {
    @Test("nothing is sent until the call is awaited")
    func lazy() async {
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let call: () async -> Result<EmptyResponse, RepositoryError> = {
            await repository.performRequest(method: .get, path: "x")
        }
        #expect(transport.requestCount == 0)
        _ = await call()
        #expect(transport.requestCount == 1)
    }

    @Test("a task cancelled before the call sends nothing and returns .cancelled")
    func cancelledBefore() async {
        // Given
        let transport = stub()
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        // When
        let task = Task {
            withUnsafeCurrentTask { $0?.cancel() }
            let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
                method: .get, path: "x")
            return result
        }
        let result = await task.value

        // Then
        guard case .cancelled? = result.failure else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
        #expect(transport.requestCount == 0)
    }

    @Test("cancelling during a delayed request returns .cancelled promptly")
    func cancelledDuring() async throws {
        // Given
        let transport = StubTransport { request in
            try await Task.sleep(for: .seconds(30))
            return HTTPResponse(statusCode: 200, url: request.url)
        }
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
        let task = Task {
            let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
                method: .get, path: "slow")
            return result
        }
        try #require(await TransportFixtures.eventually { transport.requestCount == 1 })

        // When
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.value

        // Then: a bound, not a measurement (a loaded 2-core machine may be slow to schedule the task).
        #expect(ContinuousClock.now - start < TestTime.bound(.seconds(5)))
        guard case .cancelled? = result.failure else {
            Issue.record("expected cancelled, got \(result)")
            return
        }
    }

    @Test("a transport that ignores cancellation still yields .cancelled")
    func cancellationIgnoredByTransport() async throws {
        let started = Recorder<Int>()
        let transport = StubTransport { request in
            started.record(1)
            try? await Task.sleep(for: .milliseconds(200))
            return HTTPResponse(statusCode: 200, url: request.url)
        }
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)
        let task = Task {
            let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
                method: .get, path: "x")
            return result
        }
        try #require(await TransportFixtures.eventually { !started.all.isEmpty })

        task.cancel()

        guard case .cancelled? = await task.value.failure else {
            Issue.record("expected cancelled")
            return
        }
    }
}
