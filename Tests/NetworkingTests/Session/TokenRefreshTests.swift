import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Token refresh", .timeLimit(.minutes(2)))
struct TokenRefreshTests {
    /// A transport that answers 401 to `expired` and 200 `{"token": <token>}` to any other token; the first
    /// `hold` requests wait at a barrier until all of them have arrived, so they all carry the same token.
    func transport(expired: String = "old", hold: Int = 0) -> (StubTransport, AsyncBarrier) {
        let barrier = AsyncBarrier(count: hold)
        let transport = StubTransport { request in
            let token = request.headers["Authorization"] ?? ""
            if hold > 0 {
                await barrier.arrive()
            }
            let status = token == expired ? 401 : 200
            return HTTPResponse(statusCode: status, body: Data(#"{"token": "\#(token)"}"#.utf8), url: request.url)
        }
        return (transport, barrier)
    }

    func repository(_ session: any SessionManagerType, _ transport: StubTransport, timeout: TimeInterval = 75)
        -> TestRepository
    {
        TestRepository(
            configuration: chainConfiguration(timeout: timeout), sessionManager: session, transport: transport)
    }

    /// A session logged in with "old" whose refresh returns `token`, and the count of refreshes it ran.
    func countingSession(refreshingTo token: String) async -> (SessionManager, Locked<Int>) {
        let refreshes = Locked(0)
        let session = SessionManager { _ in
            refreshes.withLock { $0 += 1 }
            return token
        }
        await session.login(token: "old")
        return (session, refreshes)
    }

    /// Makes `count` concurrent calls and returns their results.
    func concurrentCalls(_ count: Int, on repository: TestRepository) async -> [Result<
        [String: String], RepositoryError
    >] {
        await withTaskGroup(of: Result<[String: String], RepositoryError>.self) { group in
            for index in 0..<count {
                group.addTask { await repository.performRequest(method: .get, path: "items/\(index)") }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
    }

    @Test("20 concurrent calls rejected with the same token: one refresh, 20 replays with the new token, 20 successes")
    func singleFlight() async throws {
        // Given a session with an expired token and a refresh that takes a moment, and 20 calls held until
        // all of them have been sent with the old token
        let refreshes = Locked(0)
        let session = SessionManager { expired in
            refreshes.withLock { $0 += 1 }
            try await Task.sleep(for: .milliseconds(50))
            return "new"
        }
        await session.login(token: "old")
        let events = await session.sessionChanges
        let (transport, barrier) = transport(hold: 20)
        let repository = repository(session, transport)

        // When they run
        let results = await concurrentCalls(20, on: repository)

        // Then exactly one refresh ran, every call was replayed once with the new token and succeeded
        #expect(barrier.openedByArrivals)
        #expect(refreshes.withLock { $0 } == 1)
        #expect(results.compactMap(\.success).map { $0["token"] } == Array(repeating: "new", count: 20))
        let tokens = transport.requests.map { $0.headers["Authorization"] ?? "none" }
        #expect(tokens.filter { $0 == "old" }.count == 20)
        #expect(tokens.filter { $0 == "new" }.count == 20)
        #expect(tokens.count == 40)
        #expect(await session.sessionToken == "new")
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .refreshed)

        // And a call made after the refresh uses the new token without a 401
        let later: Result<[String: String], RepositoryError> = await repository.performRequest(method: .get, path: "l")
        #expect(later.success == ["token": "new"])
        #expect(transport.requestCount == 41)
    }

    @Test("single flight is the pipeline's: it holds for a session manager that does not coalesce refreshes itself")
    func singleFlightForAnySessionManager() async throws {
        // Given a custom session manager whose refresh counts every call and coalesces nothing
        actor NaiveSession: SessionManagerType {
            var sessionToken: String? = "old"
            var refreshes = 0
            func expire() { sessionToken = nil }
            func refreshToken(replacing expiredToken: String) async -> String? {
                refreshes += 1
                try? await Task.sleep(for: .milliseconds(50))
                sessionToken = "new-\(refreshes)"
                return sessionToken
            }
        }
        let session = NaiveSession()
        let (transport, barrier) = transport(hold: 20)

        // When 20 calls are rejected together
        let results = await concurrentCalls(20, on: repository(session, transport))

        // Then the pipeline asked for one refresh, and every call succeeded with its token
        #expect(barrier.openedByArrivals)
        #expect(await session.refreshes == 1)
        #expect(results.compactMap(\.success).map { $0["token"] } == Array(repeating: "new-1", count: 20))
    }

    @Test("a refresh that throws: all 20 calls are unauthenticatedSession with the response, the session expired")
    func refreshThrows() async throws {
        // Given a refresh that fails
        struct Refused: Error {}
        let refreshes = Locked(0)
        let session = SessionManager { _ in
            refreshes.withLock { $0 += 1 }
            throw Refused()
        }
        await session.login(token: "old")
        let events = await session.sessionChanges
        let (transport, _) = transport(hold: 20)

        // When 20 calls are rejected together
        let results = await concurrentCalls(20, on: repository(session, transport))

        // Then one refresh ran, nothing was replayed, every call failed with the 401, the session expired once
        #expect(refreshes.withLock { $0 } == 1)
        #expect(transport.requestCount == 20)
        for result in results {
            guard case .unauthenticatedSession(let response?)? = result.failure else {
                Issue.record("expected unauthenticatedSession(response), got \(result)")
                continue
            }
            #expect(response.statusCode == 401)
        }
        #expect(await !session.isLoggedIn)
        var iterator = events.makeAsyncIterator()
        #expect(await iterator.next() == .expired)
    }

    @Test("a 401 after the refresh expires the session: no second refresh, no loop")
    func secondUnauthorized() async throws {
        // Given a refresh that succeeds, and a server that rejects every token
        let (session, refreshes) = await countingSession(refreshingTo: "also-rejected")
        let transport = stub(status: 401)

        // When a call is made
        let result = await repository(session, transport).performRawRequest(method: .get, path: "me")

        // Then it was sent twice (old, new), refreshed once, and ended unauthenticated with the session gone
        #expect(result.failure?.caseName == "unauthenticatedSession")
        #expect(transport.requests.map { $0.headers["Authorization"] } == ["old", "also-rejected"])
        #expect(refreshes.withLock { $0 } == 1)
        #expect(await !session.isLoggedIn)
    }

    @Test("a refresh that hangs is bounded by the configuration's timeout and expires the session")
    func refreshHangs() async throws {
        // Given a refresh that never returns and a 0.3 s timeout
        let session = SessionManager { _ in
            try await Task.sleep(for: .seconds(3600))
            return "never"
        }
        await session.login(token: "old")
        let (transport, _) = transport()
        let start = ContinuousClock.now

        // When a call is rejected
        let result = await repository(session, transport, timeout: 0.3).performRawRequest(method: .get, path: "me")

        // Then it ends unauthenticated within a bound far below the hang, and the session is expired
        #expect(result.failure?.caseName == "unauthenticatedSession")
        #expect(start.duration(to: .now) < TestTime.bound(.seconds(10)))
        #expect(await !session.isLoggedIn)
        #expect(transport.requestCount == 1)
    }

    @Test("a call rejected with a token that was already replaced is replayed with the current one, no refresh")
    func staleToken() async throws {
        // Given a session whose token is replaced (as another call's refresh would) while a call is in flight
        let (session, refreshes) = await countingSession(refreshingTo: "unexpected")
        let transport = StubTransport { request in
            let token = request.headers["Authorization"] ?? ""
            if token == "old" {
                await session.login(token: "current")
                return HTTPResponse(statusCode: 401, url: request.url)
            }
            return HTTPResponse(statusCode: 200, body: Data(#"{"token": "\#(token)"}"#.utf8), url: request.url)
        }

        // When the call's 401 comes back
        let result: Result<[String: String], RepositoryError> = await repository(session, transport).performRequest(
            method: .get, path: "me")

        // Then it was replayed with the current token, without a refresh, and the session kept
        #expect(result.success == ["token": "current"])
        #expect(refreshes.withLock { $0 } == 0)
        #expect(await session.sessionToken == "current")
    }

    @Test("a call cancelled while waiting for a refresh returns .cancelled at once; the refresh goes on")
    func cancelWhileWaiting() async throws {
        // Given a refresh that waits for a gate the test opens
        let (started, start) = AsyncStream<Void>.makeStream()
        let (gate, open) = AsyncStream<Void>.makeStream()
        let session = SessionManager { _ in
            start.yield()
            for await _ in gate {}
            return "new"
        }
        await session.login(token: "old")
        let (transport, _) = transport()
        let repository = repository(session, transport)

        // When the call is cancelled once the refresh has started
        let call = Task { await repository.performRawRequest(method: .get, path: "me") }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        call.cancel()
        let result = await call.value

        // Then it is cancelled while the refresh still runs, and the refresh lands once the gate opens
        #expect(result.failure?.caseName == "cancelled")
        #expect(await session.sessionToken == "old")
        #expect(transport.requestCount == 1)
        open.finish()
        var refreshed = false
        for _ in 0..<400 where !refreshed {
            refreshed = await session.sessionToken == "new"
            try await Task.sleep(for: .milliseconds(25))
        }
        #expect(refreshed)
    }

    @Test("without a refresh (the default implementation) a 401 expires the session, as before")
    func defaultImplementation() async throws {
        // Given a custom session manager that implements only the original two requirements
        actor PlainSession: SessionManagerType {
            var sessionToken: String? = "old"
            var expiries = 0
            func expire() {
                sessionToken = nil
                expiries += 1
            }
        }
        let session = PlainSession()
        let (transport, _) = transport()

        // When a call is rejected
        let result = await repository(session, transport).performRawRequest(method: .get, path: "me")

        // Then it fails unauthenticated, the session expired once, nothing replayed
        #expect(result.failure?.caseName == "unauthenticatedSession")
        #expect(await session.expiries == 1)
        #expect(await session.refreshToken(replacing: "old") == nil)
        #expect(transport.requestCount == 1)
    }

    @Test("an authentication request's 401 is not refreshed; it expires the session as before")
    func authenticationRequestNotRefreshed() async throws {
        // Given a logged-in session with a refresh
        let (session, refreshes) = await countingSession(refreshingTo: "new")
        let transport = stub(status: 401)

        // When a login call is rejected
        let result: Result<EmptyResponse, RepositoryError> = await repository(session, transport)
            .performAuthenticationRequest(method: .post, path: "login")

        // Then there was no refresh and no replay
        #expect(result.failure?.caseName == "unauthenticatedSession")
        #expect(refreshes.withLock { $0 } == 0)
        #expect(transport.requestCount == 1)
        #expect(transport.requests.first?.headers["Authorization"] == nil)
        #expect(await !session.isLoggedIn)
    }
}
