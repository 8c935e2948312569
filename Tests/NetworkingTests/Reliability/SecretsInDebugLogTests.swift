import Foundation
import Networking
import NetworkingTestKit
import Testing

/// The whole-run debug log (``DebugLogFile``) never receives a credential: requests carrying a session token,
/// a cookie and a password, and responses setting a cookie and handing out a token, go through the shared
/// logger at `.debug` into the file, which must then hold their lines with every credential redacted.
/// `script/test` checks the complete file again after the run.
@Suite(
    "Secrets in the debug log", .debugLogFile, .timeLimit(.minutes(1)),
    .enabled(if: DebugLogFile.path != nil, "script/test sets NETWORKING_TEST_LOG_FILE"))
struct SecretsInDebugLogTests {
    @Test("credentials sent and received at .debug are redacted in the log file")
    func noCredentialReachesTheLog() async throws {
        // Given the log file in use, a server handing out a token and a cookie, and a signed-in repository
        #expect(DebugLogFile.isActive)
        let path = try #require(DebugLogFile.path)
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in
            MockResponse(
                status: 200, headers: ["Set-Cookie": "reliability-set-cookie=d2a8; HttpOnly"],
                json: #"{"token": "reliability-token-7c1e"}"#)
        }
        let session = SessionManager()
        await session.login(token: "reliability-token-7c1e")
        let repository = TestRepository(
            configuration: NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, timeout: 10),
            sessionManager: session, transport: CurlTransport())
        let marker = "secrets-\(UUID().uuidString)"

        // When a login and an authenticated call go through the pipeline, until their lines are in the file
        // (a test of the shared logger may hold its output for a moment)
        let loginLine = Data("→ POST \(server.baseURL.absoluteString)/\(marker)/login".utf8)
        var log = Data()
        for _ in 0..<100 where log.range(of: loginLine) == nil {
            let login: Result<[String: String], RepositoryError> = await repository.performAuthenticationRequest(
                method: .post, path: "\(marker)/login",
                parameters: ["username": "reader", "password": "correct horse battery staple"])
            let call: Result<[String: String], RepositoryError> = await repository.performRequest(
                method: .get, path: "\(marker)/me", headers: ["Cookie": "reliability-cookie=9f3b"])
            #expect(login.success != nil && call.success != nil)
            try await Task.sleep(for: .milliseconds(20))
            log = try Data(contentsOf: URL(fileURLWithPath: path))
        }

        // Then the file holds the exchange, redacted, and no credential of any test so far (searched as bytes:
        // the file is large, and String searches are slow in sanitizer builds)
        #expect(log.range(of: loginLine) != nil)
        #expect(log.range(of: Data(#"  Body: {"password":"<redacted>","username":"reader"}"#.utf8)) != nil)
        #expect(log.range(of: Data("  Authorization: <redacted>".utf8)) != nil)
        #expect(log.range(of: Data("  Set-Cookie: <redacted>".utf8)) != nil)
        for credential in TestCredentials.all {
            #expect(log.range(of: Data(credential.utf8)) == nil, "\(credential) reached \(path)")
        }
    }
}
