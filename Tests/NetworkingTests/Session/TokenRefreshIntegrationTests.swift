import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// Token refresh against a real server: concurrent calls held at a barrier so they all carry the old token.
@Suite("Token refresh over real sockets", .timeLimit(.minutes(2)))
struct TokenRefreshIntegrationTests {
    @Test("20 concurrent calls all rejected for the old token: 1 refresh, 20 replays with the new one, 20 successes")
    func singleFlightOverSockets() async throws {
        // Given a TLS server that rejects "old" and accepts "new", holding the first 20 requests until all arrived
        let server = try MockServer(tls: try TransportFixtures.certificate())
        defer { server.shutdown() }
        server.route("/me") { request in
            request.headers["Authorization"] == "new"
                ? MockResponse(status: 200, json: #"{"token": "new"}"#)
                : MockResponse(status: 401, json: #"{"error": "expired"}"#)
        }
        server.holdRequests(until: 20, path: "/me")
        let refreshes = Locked(0)
        let session = SessionManager { _ in
            refreshes.withLock { $0 += 1 }
            return "new"
        }
        await session.login(token: "old")
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(
                server, pins: .certificates([try #require(server.certificateDER)])),
            sessionManager: session, transport: CurlTransport())

        // When 20 calls run at once
        let results = await withTaskGroup(of: Result<[String: String], RepositoryError>.self) { group in
            for _ in 0..<20 {
                group.addTask { await repository.performRequest(method: .get, path: "me") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        // Then one refresh, 40 requests (20 old, then 20 new), and 20 successes
        #expect(refreshes.withLock { $0 } == 1)
        #expect(results.compactMap(\.success).count == 20)
        let tokens = server.requests(path: "/me").map { $0.headers["Authorization"] ?? "none" }
        #expect(tokens.count == 40)
        #expect(Array(tokens.prefix(20)) == Array(repeating: "old", count: 20))
        #expect(tokens.filter { $0 == "new" }.count == 20)
        #expect(await session.sessionToken == "new")
    }

    @Test("a refresh that throws: the 20 held calls all return unauthenticatedSession, the session is expired")
    func failedRefreshOverSockets() async throws {
        // Given a server rejecting every token, and a refresh that fails
        struct NoRefresh: Error {}
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/me") { _ in MockResponse(status: 401, json: #"{"error": "expired"}"#) }
        server.holdRequests(until: 20, path: "/me")
        let refreshes = Locked(0)
        let session = SessionManager { _ in
            refreshes.withLock { $0 += 1 }
            throw NoRefresh()
        }
        await session.login(token: "old")
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server), sessionManager: session, transport: CurlTransport())

        // When 20 calls run at once
        let results = await withTaskGroup(of: Result<HTTPResponse, RepositoryError>.self) { group in
            for _ in 0..<20 {
                group.addTask { await repository.performRawRequest(method: .get, path: "me") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }

        // Then one refresh, no replay, 20 unauthenticated calls, no session
        #expect(refreshes.withLock { $0 } == 1)
        #expect(server.requestCount(path: "/me") == 20)
        #expect(results.allSatisfy { $0.failure?.caseName == "unauthenticatedSession" })
        #expect(await !session.isLoggedIn)
    }
}
