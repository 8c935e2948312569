import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Session rules", .timeLimit(.minutes(1)))
struct SessionRulesTests {
    @Test("no token: .unauthenticatedSession(nil) and nothing is sent")
    func noToken() async {
        let transport = stub()
        let repository = TestRepository(
            configuration: stubConfiguration(), sessionManager: SessionManager(), transport: transport)

        let result: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "me")

        guard case .unauthenticatedSession(nil)? = result.failure else {
            Issue.record("expected unauthenticatedSession(nil), got \(result)")
            return
        }
        #expect(transport.requestCount == 0)
    }

    @Test("authentication requests never require nor attach the token")
    func authenticationRequest() async throws {
        let transport = stub(body: #"{"token": "new"}"#)
        let session = SessionManager()
        let repository = TestRepository(
            configuration: stubConfiguration(), sessionManager: session, transport: transport)

        let loggedOut: Result<[String: String], RepositoryError> = await repository.performAuthenticationRequest(
            method: .post, path: "login", parameters: ["user": "u"])
        await session.login(token: "old")
        let loggedIn: Result<[String: String], RepositoryError> = await repository.performAuthenticationRequest(
            method: .post, path: "login")

        #expect(loggedOut.success == ["token": "new"])
        #expect(loggedIn.success == ["token": "new"])
        #expect(transport.requests.allSatisfy { $0.headers["Authorization"] == nil })
    }

    @Test("a token is attached as Authorization; a 401 expires the session")
    func unauthorizedExpires() async throws {
        let transport = stub(status: 401, body: #"{"error": "expired"}"#)
        let session = SessionManager()
        await session.login(token: "stale")
        let repository = TestRepository(
            configuration: stubConfiguration(), sessionManager: session, transport: transport)

        let result = await repository.performRawRequest(method: .get, path: "me")

        #expect(transport.requests.first?.headers["Authorization"] == "stale")
        guard case .unauthenticatedSession(let response?)? = result.failure else {
            Issue.record("expected unauthenticatedSession(response), got \(result)")
            return
        }
        #expect(response.statusCode == 401)
        #expect(await !session.isLoggedIn)
    }
}
