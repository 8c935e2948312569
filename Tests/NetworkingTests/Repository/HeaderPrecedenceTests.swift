import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Header precedence", .timeLimit(.minutes(1)))
struct HeaderPrecedenceTests {
    @Test("per-call headers win over default headers; the session's Authorization wins over both")
    func precedence() async throws {
        // Given
        let transport = stub()
        let session = SessionManager()
        await session.login(token: "session-token")
        let repository = TestRepository(
            configuration: stubConfiguration(), sessionManager: session,
            defaultHeaders: ["X-Client": "default", "Accept": "text/plain", "Authorization": "default-auth"],
            transport: transport)

        // When
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "me", headers: ["accept": "application/json", "authorization": "call-auth"])

        // Then
        let headers = try #require(transport.requests.first?.headers)
        #expect(headers["X-Client"] == "default")
        #expect(headers.values(for: "Accept") == ["application/json"])
        #expect(headers.values(for: "Authorization") == ["session-token"])
    }

    @Test("without a session, per-call Authorization wins over the default one")
    func noSession() async throws {
        let transport = stub()
        let repository = TestRepository(
            configuration: stubConfiguration(), defaultHeaders: ["Authorization": "default-auth"], transport: transport)

        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(method: .get, path: "me")
        let _: Result<EmptyResponse, RepositoryError> = await repository.performRequest(
            method: .get, path: "me", headers: ["Authorization": "call-auth"])

        #expect(transport.requests.map { $0.headers["Authorization"] } == ["default-auth", "call-auth"])
    }
}
