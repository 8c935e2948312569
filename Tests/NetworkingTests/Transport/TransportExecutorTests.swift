import Foundation
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@testable import Networking

@Suite("CurlTransport's executor (requests on the loop thread)", .timeLimit(.minutes(1)))
struct TransportExecutorTests {
    @Test("a sequential loop on the executor runs on the loop thread and never has to wake it")
    func sequentialLoopNeedsNoWakeUp() async throws {
        // Given a server and a transport whose loop has settled
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { request in MockResponse(status: 200, text: request.path) }
        let transport = CurlTransport()
        let loop = try #require(transport.eventLoop)
        _ = try await transport.send(TransportFixtures.request(server, "/warm-up"))
        let wakeUpsBefore = loop.wakeUpCount

        // When 200 requests are sent one after another inside the executor preference
        let (bodies, everyCallOnLoop) = try await withTaskExecutorPreference(transport.executor) {
            var bodies: [String] = []
            var onLoop = true
            for index in 0..<200 {
                let response = try await transport.send(TransportFixtures.request(server, "/\(index)"))
                onLoop = onLoop && loop.isCurrentThread
                bodies.append(String(decoding: response.body, as: UTF8.self))
            }
            return (bodies, onLoop)
        }

        // Then every response is its own, every resumption ran on the loop thread, and the loop was woken at most
        // for entering the preference (the submissions happened while it was awake, running the caller)
        #expect(bodies == (0..<200).map { "/\($0)" })
        #expect(everyCallOnLoop)
        #expect(loop.wakeUpCount - wakeUpsBefore <= 3)
        #expect(server.connectionCount == 1)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a repository call on the executor is one job on the loop: no executor switch inside the pipeline")
    func oneJobPerCall() async throws {
        // Given a repository on a transport of its own, after a first call
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: #"{"id": 1, "title": "Dune"}"#) }
        let transport = CurlTransport()
        let loop = try #require(transport.eventLoop)
        let repository = TestRepository(configuration: TransportFixtures.configuration(server), transport: transport)

        // When 100 calls decode a small body one after another on the executor
        let (jobs, titles) = await withTaskExecutorPreference(transport.executor) {
            let before = loop.jobsRunCount
            var titles: [String] = []
            for _ in 0..<100 {
                let result: Result<ExecutorBook, RepositoryError> = await repository.performRequest(
                    method: .get, path: "books/1")
                if case .success(let book) = result {
                    titles.append(book.title)
                }
            }
            return (loop.jobsRunCount - before, titles)
        }

        // Then each call ran as one job (resumed once, by its response), not re-enqueued at every async function
        #expect(titles == Array(repeating: "Dune", count: 100))
        #expect(jobs <= 110)
    }

    @Test("without the preference the caller stays off the loop thread")
    func defaultCallerStaysOffLoop() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport()
        let loop = try #require(transport.eventLoop)

        for _ in 0..<20 {
            _ = try await transport.send(TransportFixtures.request(server, "/ping"))
            #expect(!loop.isCurrentThread)
            #expect(!CurlEventLoop.isOnLoopThread)
        }
    }

    @Test("64 concurrent requests in a task group on the executor all complete with their own bodies")
    func concurrentGroupOnExecutor() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { request in MockResponse(status: 200, text: request.path) }
        let transport = CurlTransport(maximumConnectionsPerHost: 8)

        let mismatches = try await withTaskExecutorPreference(transport.executor) {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for worker in 0..<64 {
                    group.addTask {
                        var mismatches = 0
                        for index in 0..<10 {
                            let path = "/\(worker)/\(index)"
                            let response = try await transport.send(TransportFixtures.request(server, path))
                            mismatches += String(decoding: response.body, as: UTF8.self) == path ? 0 : 1
                        }
                        return mismatches
                    }
                }
                return try await group.reduce(0, +)
            }
        }

        #expect(mismatches == 0)
        #expect(server.requestCount == 640)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a request on the executor is cancelled promptly, and the loop goes on serving")
    func cancellationOnExecutor() async throws {
        // Given a server that answers /slow only after 30 s
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { request in
            request.path == "/slow"
                ? MockResponse(status: 200, text: "late").delayed(by: 30) : MockResponse(status: 200, text: "ok")
        }
        let transport = CurlTransport()
        let task = Task {
            try await withTaskExecutorPreference(transport.executor) {
                try await transport.send(TransportFixtures.request(server, "/slow", timeout: 60))
            }
        }
        try #require(await TransportFixtures.eventually { server.requestCount == 1 })

        // When the task is cancelled
        let start = ContinuousClock.now
        task.cancel()
        let result = await task.result

        // Then it ends with CancellationError within a bound, and the next request on the executor succeeds
        #expect(ContinuousClock.now - start < TestTime.bound(.seconds(5)))
        #expect(throws: CancellationError.self) { try result.get() }
        let next = try await withTaskExecutorPreference(transport.executor) {
            try await transport.send(TransportFixtures.request(server, "/after"))
        }
        #expect(next.statusCode == 200)
        #expect(transport.liveTransferCount == 0)
    }

    @Test("a timeout on the executor is still enforced")
    func timeoutOnExecutor() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "late").delayed(by: 30) }
        let transport = CurlTransport()

        let start = ContinuousClock.now
        let error = await withTaskExecutorPreference(transport.executor) { () async -> (any Error)? in
            do {
                _ = try await transport.send(TransportFixtures.request(server, "/slow", timeout: 0.5))
                return nil
            } catch {
                return error
            }
        }

        #expect(ContinuousClock.now - start < TestTime.bound(.seconds(5)))
        guard case .timeout? = error as? RepositoryError else {
            Issue.record("expected .timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("a task that prefers the executor of a released transport still runs (on the global executor)")
    func executorOutlivesItsTransport() async throws {
        // Given the executor of a transport that is released at once (its loop thread stops)
        var transport: CurlTransport? = CurlTransport()
        let executor = transport?.executor
        transport = nil
        try await Task.sleep(for: .milliseconds(50))

        // When a task prefers it and suspends
        let value = try await withTaskExecutorPreference(executor) {
            try await Task.sleep(for: .milliseconds(10))
            await Task.yield()
            return 42
        }

        // Then it still completes, off any loop thread
        #expect(value == 42)
        #expect(!CurlEventLoop.isOnLoopThread)
    }

    @Test("large bodies are decoded off the loop thread, small ones on it")
    func largeBodiesDecodeOffLoop() async throws {
        // Given a repository on a transport of its own, serving a small and a 512 KiB body
        let server = try MockServer()
        defer { server.shutdown() }
        let large = String(repeating: "a", count: 512 * 1024)
        server.dispatcher = { request in
            MockResponse(status: 200, text: request.path == "/large" ? large : "small")
        }
        let transport = CurlTransport()
        let repository = TestRepository(configuration: TransportFixtures.configuration(server), transport: transport)

        // When both are fetched with a decoder that records where it runs, inside the executor preference
        let (small, big) = await withTaskExecutorPreference(transport.executor) {
            let small: Result<Bool, RepositoryError> = await repository.performRequest(method: .get, path: "small") {
                _ in CurlEventLoop.isOnLoopThread
            }
            let big: Result<Bool, RepositoryError> = await repository.performRequest(method: .get, path: "large") {
                data in data.count == large.utf8.count && !CurlEventLoop.isOnLoopThread
            }
            return (small, big)
        }

        // Then the small body was decoded on the loop thread and the large one elsewhere
        #expect(try small.get())
        #expect(try big.get())
    }
}

/// A small model the executor tests decode.
private struct ExecutorBook: Decodable, Sendable {
    let id: Int
    let title: String
}
