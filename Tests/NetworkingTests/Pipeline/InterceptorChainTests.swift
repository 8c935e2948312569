import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Interceptor chain", .timeLimit(.minutes(2)))
struct InterceptorChainTests {
    @Test("session → interceptors in order → monitors in order → transport, and back out in reverse")
    func order() async throws {
        // Given two interceptors, two monitors and a transport writing to one log, and a logged-in session
        let log = Recorder<String>()
        let seenToken = Recorder<String?>()
        let transport = StubTransport { request in
            log.record("transport")
            return HTTPResponse(statusCode: 200, url: request.url)
        }
        let outer = ClosureInterceptor { request, context, next in
            seenToken.record(request.headers["Authorization"])
            return try await RecordingInterceptor(name: "A", log: log).intercept(request, context: context, next: next)
        }
        let configuration = chainConfiguration(
            interceptors: [outer, RecordingInterceptor(name: "B", log: log)],
            monitors: [RecordingMonitor("M1", log: log), RecordingMonitor("M2", log: log)])
        let session = SessionManager()
        await session.login(token: "token-1")
        let repository = TestRepository(configuration: configuration, sessionManager: session, transport: transport)

        // When one call is made
        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "a")

        // Then every link ran once, in the documented order, after the session attached the token
        #expect(result.success != nil)
        #expect(
            log.all == [
                "A → 1", "B → 1", "M1 will 1", "M2 will 1", "transport", "M1 did 1 200", "M2 did 1 200", "B ← 200",
                "A ← 200",
            ])
        #expect(seenToken.all == ["token-1"])
    }

    @Test("a header added by an interceptor reaches the transport and the monitors")
    func addsHeader() async throws {
        // Given an interceptor that adds an API key
        let monitor = RecordingMonitor()
        let adder = ClosureInterceptor { request, context, next in
            var request = request
            request.headers["X-Api-Key"] = "key-1"
            return try await next(request, context)
        }
        let transport = stub(body: "{}")
        let repository = TestRepository(
            configuration: chainConfiguration(interceptors: [adder], monitors: [monitor]), transport: transport)

        // When a call is made
        let result: Result<[String: Int], RepositoryError> = await repository.performRequest(method: .get, path: "k")

        // Then the header was sent and seen
        #expect(result.success == [:])
        #expect(transport.requests.map { $0.headers["X-Api-Key"] } == ["key-1"])
        #expect(monitor.sent.all.map { $0.request.headers["X-Api-Key"] } == ["key-1"])
    }

    @Test("an interceptor that answers without calling next: nothing is sent, validation and decoding still run")
    func shortCircuit() async throws {
        // Given an interceptor that answers 200 with a body for /cached and 404 for anything else
        let monitor = RecordingMonitor()
        let cache = ClosureInterceptor { request, _, _ in
            request.url.path.hasSuffix("/cached")
                ? HTTPResponse(
                    statusCode: 200, body: Data(#"{"id": 1, "title": "Dune", "year": 1965}"#.utf8), url: request.url)
                : HTTPResponse(statusCode: 404, body: Data("gone".utf8), url: request.url)
        }
        let transport = stub()
        let repository = TestRepository(
            configuration: chainConfiguration(interceptors: [cache], monitors: [monitor]), transport: transport)

        // When both paths are called
        let hit: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "cached")
        let miss: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "other")

        // Then the answers were decoded or validated, and neither the transport nor the monitors saw anything
        #expect(hit.success == Book(id: 1, title: "Dune", year: 1965))
        guard case .requestError(let response)? = miss.failure else {
            Issue.record("expected requestError, got \(miss)")
            return
        }
        #expect(response.statusCode == 404)
        #expect(transport.requestCount == 0)
        #expect(monitor.sent.all.isEmpty)
    }

    @Test("an interceptor that calls next twice makes two attempts, each with its own number, same call")
    func nextTwice() async throws {
        // Given an interceptor that sends every request twice with the same context, and a transport that
        // answers 500, then 201
        let monitor = RecordingMonitor()
        let twice = ClosureInterceptor { request, context, next in
            _ = try await next(request, context)
            return try await next(request, context)
        }
        let statuses = Locked([500, 201])
        let transport = StubTransport { request in
            HTTPResponse(statusCode: statuses.withLock { $0.removeFirst() }, url: request.url)
        }
        let repository = TestRepository(
            configuration: chainConfiguration(interceptors: [twice], monitors: [monitor]), transport: transport)

        // When a call is made
        let result = await repository.performRawRequest(method: .get, path: "twice")

        // Then the monitors saw attempts 1 and 2 of one call, and the second answer is the call's
        #expect(result.success?.statusCode == 201)
        let contexts = monitor.sent.all.map(\.context)
        #expect(contexts.map(\.attempt) == [1, 2])
        #expect(Set(contexts.map(\.callID)).count == 1)
        #expect(monitor.finished.all.map(\.context.attempt) == [1, 2])
        #expect(transport.requestCount == 2)
    }

    @Test("every call gets its own nonzero callID; its path and session requirement travel with it")
    func callIDs() async throws {
        // Given a monitor
        let monitor = RecordingMonitor()
        let repository = TestRepository(
            configuration: chainConfiguration(monitors: [monitor]), sessionManager: nil, transport: stub(body: "{}"))

        // When a normal call and an authentication call are made
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "first")
        let _: Result<EmptyResponse, RepositoryError> = await repository.performAuthenticationRequest(
            method: .post, path: "login")

        // Then they carry different identifiers and their own paths
        let contexts = monitor.sent.all.map(\.context)
        try #require(contexts.count == 2)
        #expect(contexts[0].callID != 0 && contexts[1].callID != 0)
        #expect(contexts[0].callID != contexts[1].callID)
        #expect(contexts.map(\.path) == ["first", "login"])
        #expect(contexts.map(\.requiresSession) == [true, false])
    }

    @Test(
        "what an interceptor throws becomes the call's error",
        arguments: [
            ("custom", "customError"), ("repository", "invalidParameters"), ("other", "noNetworkConnection"),
        ])
    func interceptorErrors(kind: String, expected: String) async throws {
        // Given an interceptor that throws before sending
        struct Opaque: Error {}
        let thrower = ClosureInterceptor { _, _, _ in
            switch kind {
            case "custom": throw SigningError.noKey
            case "repository": throw RepositoryError.invalidParameters("no signing key configured")
            default: throw Opaque()
            }
        }
        let transport = stub()
        let repository = TestRepository(
            configuration: chainConfiguration(interceptors: [thrower]), transport: transport)

        // When a call is made
        let result = await repository.performRawRequest(method: .get, path: "signed")

        // Then the error is mapped as documented and nothing was sent
        #expect(result.failure?.caseName == expected)
        if case .customError(let name, _)? = result.failure {
            #expect(name == "no_signing_key")
        }
        #expect(transport.requestCount == 0)
    }

    @Test("next throws what the transport throws; monitors see it as a RepositoryError")
    func nextThrowsTransportErrors() async throws {
        // Given a transport that refuses, and an interceptor that records the type of what next threw
        let caught = Recorder<String>()
        let monitor = RecordingMonitor()
        let inspector = ClosureInterceptor { request, context, next in
            do {
                return try await next(request, context)
            } catch let error as TransportError {
                caught.record("TransportError \(error.code)")
                throw error
            } catch {
                caught.record("other \(type(of: error))")
                throw error
            }
        }
        let transport = StubTransport { _ in throw TransportError(code: .connectionRefused, message: "refused") }
        let repository = TestRepository(
            configuration: chainConfiguration(interceptors: [inspector], monitors: [monitor]), transport: transport)

        // When a call is made
        let result = await repository.performRawRequest(method: .get, path: "down")

        // Then the interceptor saw the TransportError itself, the monitor and the caller the mapped error
        #expect(caught.all == ["TransportError connectionRefused"])
        #expect(monitor.finished.all.map { $0.result.failure?.caseName } == ["noNetworkConnection"])
        guard case .noNetworkConnection(let error)? = result.failure else {
            Issue.record("expected noNetworkConnection, got \(result)")
            return
        }
        #expect(error.code == .connectionRefused)
    }

    @Test("every poll of a polling call goes through the chain as a further attempt of the same call")
    func pollsGoThroughTheChain() async throws {
        // Given a transport answering 202, 202, then 200, and an interceptor and a monitor
        let log = Recorder<String>()
        let monitor = RecordingMonitor("M", log: log)
        let answers = Locked([202, 202, 200])
        let transport = StubTransport { request in
            let status = answers.withLock { $0.removeFirst() }
            return HTTPResponse(statusCode: status, body: Data(#"{"done": true}"#.utf8), url: request.url)
        }
        var configuration = chainConfiguration(
            interceptors: [RecordingInterceptor(name: "A", log: log)], monitors: [monitor])
        configuration.secondsBetweenPolls = 0
        configuration.maximumPollingRetries = 5
        let repository = TestRepository(configuration: configuration, transport: transport)

        // When the polling call is made
        let result: Result<[String: Bool], RepositoryError> = await repository.performPollingRequest(
            method: .post, path: "jobs")

        // Then the interceptor and the monitor saw three attempts of one call
        #expect(result.success == ["done": true])
        #expect(log.all.filter { $0.hasPrefix("A →") } == ["A → 1", "A → 2", "A → 3"])
        #expect(monitor.sent.all.map(\.context.attempt) == [1, 2, 3])
        #expect(Set(monitor.sent.all.map(\.context.callID)).count == 1)
    }

    @Test("no session token: nothing is sent and no link runs")
    func noTokenNoLink() async throws {
        // Given a logged-out session and a chain
        let log = Recorder<String>()
        let transport = stub()
        let repository = TestRepository(
            configuration: chainConfiguration(
                interceptors: [RecordingInterceptor(name: "A", log: log)], monitors: [RecordingMonitor("M", log: log)]),
            sessionManager: SessionManager(), transport: transport)

        // When a call that needs the session is made
        let result = await repository.performRawRequest(method: .get, path: "me")

        // Then it fails before the chain
        guard case .unauthenticatedSession(nil)? = result.failure else {
            Issue.record("expected unauthenticatedSession(nil), got \(result)")
            return
        }
        #expect(log.all.isEmpty)
        #expect(transport.requestCount == 0)
    }

    @Test("by default a configuration reports to the shared logger and indicator, and has no interceptors")
    func defaults() {
        let configuration = NetworkingConfiguration(domainURL: "api.example.test")

        #expect(configuration.interceptors.isEmpty)
        #expect(configuration.eventMonitors.count == 2)
        #expect((configuration.eventMonitors.first as? NetworkActivityLogger) === NetworkActivityLogger.shared)
        #expect(
            (configuration.eventMonitors.last as? NetworkActivityIndicatorManager)
                === NetworkActivityIndicatorManager.shared)
    }
}
