import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("openWebSocket through a repository's pipeline", .timeLimit(.minutes(1)))
struct WebSocketRepositoryTests {
    /// Adds a header to every request, as a signing interceptor would.
    private struct Signing: HTTPInterceptor {
        func intercept(
            _ request: HTTPRequest, context: RequestContext,
            next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            var request = request
            request.headers["X-Signature"] = "signed:\(context.path)"
            return try await next(request, context)
        }
    }

    private func repository(
        _ server: MockServer, capture: LogCapture? = nil, indicator: NetworkActivityIndicatorManager? = nil,
        session: SessionManager? = nil, payloads: Bool = false
    ) -> TestRepository {
        var configuration = TransportFixtures.configuration(server, host: "127.0.0.1")
        configuration.interceptors = [Signing()]
        var monitors: [any RequestEventMonitor] = []
        if let capture {
            let logger = capture.logger(level: .debug)
            logger.logsWebSocketPayloads = payloads
            monitors.append(logger)
        }
        if let indicator {
            monitors.append(indicator)
        }
        configuration.eventMonitors = monitors
        return TestRepository(
            configuration: configuration, sessionManager: session, defaultHeaders: ["X-App": "tests"],
            transport: CurlTransport())
    }

    @Test("the upgrade carries the session token, default headers and the interceptors' changes")
    func pipelineApplies() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let session = SessionManager()
        await session.login(token: "Bearer ws-token")

        let socket = try await repository(server, session: session).openWebSocket(path: "socket").get()

        let request = try #require(server.webSocketSessions.first?.request)
        #expect(request.headers["Authorization"] == "Bearer ws-token")
        #expect(request.headers["X-App"] == "tests")
        #expect(request.headers["X-Signature"] == "signed:socket")
        _ = await socket.send(.text("via repository"))
        #expect(try await WebSocketFixtures.read(1, from: socket) == [.text("via repository")])
        await socket.close()
    }

    @Test("a 401 to the upgrade is unauthenticatedSession and expires the session")
    func unauthorized() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket", upgrade: .refuse(MockResponse(status: 401)))
        let session = SessionManager()
        await session.login(token: "Bearer stale")

        let result = await repository(server, session: session).openWebSocket(path: "socket")

        guard case .unauthenticatedSession? = result.failure else {
            Issue.record("expected .unauthenticatedSession, got \(result)")
            return
        }
        #expect(await session.isLoggedIn == false)
    }

    @Test("the logger shows the upgrade and, at debug, message sizes but never payloads unless asked")
    func logging() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let capture = LogCapture()
        let quiet = try await repository(server, capture: capture).openWebSocket(path: "socket").get()

        _ = await quiet.send(.text("SECRET-PAYLOAD-MARKER"))
        _ = try await WebSocketFixtures.read(1, from: quiet)
        await quiet.close()

        #expect(capture.text.contains("GET"))
        #expect(capture.text.contains("101"))
        #expect(!capture.messages(containing: "→ text, 21 bytes").isEmpty)
        #expect(!capture.messages(containing: "← text, 21 bytes").isEmpty)
        #expect(!capture.text.contains("SECRET-PAYLOAD-MARKER"))

        let verbose = LogCapture()
        let loud = try await repository(server, capture: verbose, payloads: true).openWebSocket(path: "socket").get()
        _ = await loud.send(.text("VISIBLE-PAYLOAD"))
        _ = try await WebSocketFixtures.read(1, from: loud)
        await loud.close()
        #expect(verbose.text.contains("VISIBLE-PAYLOAD"))
    }

    @Test("the activity indicator does not stay on while a socket is open")
    func indicatorOff() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let indicator = NetworkActivityIndicatorManager()
        indicator.isEnabled = true

        let socket = try await repository(server, indicator: indicator).openWebSocket(path: "socket").get()

        #expect(indicator.activityCount == 0)
        _ = await socket.send(.text("x"))
        #expect(indicator.activityCount == 0)
        await socket.close()
    }

    @Test("a transport that is not CurlTransport cannot open sockets: invalidParameters, not a crash")
    func stubTransport() async throws {
        let transport = StubTransport { request in HTTPResponse(statusCode: 101, url: request.url) }
        let repository = TestRepository(configuration: stubConfiguration(), transport: transport)

        let result = await repository.openWebSocket(path: "socket")

        guard case .invalidParameters(let message)? = result.failure else {
            Issue.record("expected .invalidParameters, got \(result)")
            return
        }
        #expect(message.contains("StubTransport"))
        #expect(transport.requests.first?.url.scheme == "https")
    }

    @Test("an absolute URL on another host gets no token or Authorization; ws under an https base is refused")
    func absoluteURLs() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let session = SessionManager()
        await session.login(token: "Bearer ws-token")
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, host: "localhost"), sessionManager: session,
            defaultHeaders: ["Authorization": "Basic c2VjcmV0", "X-App": "tests"], transport: CurlTransport())

        let sameHost = try await repository.openWebSocket(path: "ws://localhost:\(server.port)/socket").get()
        let otherHost = try await repository.openWebSocket(path: "ws://127.0.0.1:\(server.port)/socket").get()

        let sessions = try await server.waitForWebSocketSessions(2)
        #expect(sessions[0].request.headers["Authorization"] == "Bearer ws-token")
        #expect(sessions[1].request.headers["Authorization"] == nil)
        #expect(sessions[1].request.headers["X-App"] == "tests")
        await sameHost.close()
        await otherHost.close()

        let secure = TestRepository(
            configuration: NetworkingConfiguration(domainURL: "localhost", port: server.port),
            transport: CurlTransport())
        let downgrade = await secure.openWebSocket(path: "ws://localhost:\(server.port)/socket")
        guard case .invalidURL? = downgrade.failure else {
            Issue.record("expected .invalidURL, got \(downgrade)")
            return
        }
    }
}
