import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

/// Regression: at `.debug` the logger printed request and response bodies as they were, so a login body's
/// password and the token in its response reached the log (the demo tour's login did, in the whole-run
/// debug log). Credential fields in bodies and query strings now print as `<redacted>`.
@Suite("Credential fields in logged bodies and URLs", .debugLogFile, .timeLimit(.minutes(1)))
struct CredentialFieldLoggingTests: LoggerTesting {
    @Test(
        "credential values in bodies and queries never reach the log; other fields stay readable",
        arguments: [
            (
                #"{"username":"reader","password":"correct horse battery staple"}"#,
                ["correct horse battery staple"], [#""username":"reader""#, #""password":"<redacted>""#]
            ),
            (
                #"{"token": "demo-session-token-5f2a", "user": {"id": 1, "name": "Ada"}}"#,
                ["demo-session-token-5f2a"], [#""token": "<redacted>""#, #""name": "Ada""#]
            ),
            (
                #"{"Access_Token":"eyJhbGciOi.x.y","refresh_token":"r-123456","expires_in":3600}"#,
                ["eyJhbGciOi.x.y", "r-123456"], [#""expires_in":3600"#]
            ),
            (
                #"{"client_secret":"with \"escaped\" quotes","apiKey":"k-987654"}"#,
                ["escaped", "k-987654"], [#""client_secret":"<redacted>""#]
            ),
            (
                "grant_type=password&password=hunter2-long&client_secret=s3cr3t-value&scope=books",
                ["hunter2-long", "s3cr3t-value"], ["grant_type=password", "password=<redacted>", "scope=books"]
            ),
            (#"{"note": "cut short", "token": ""# + String(repeating: "z", count: 5000), ["zzzz"], ["cut short"]),
        ])
    func bodies(body: String, secrets: [String], kept: [String]) async throws {
        // Given a logger at .debug, and a request and a response carrying the body
        let (logger, capture) = makeLogger(level: .debug)
        var sent = request("login", method: .post)
        sent.body = Data(body.utf8)

        // When the exchange is logged
        _ = await observe(logger, sent, .success(response(200, "login", body: body)))

        // Then no credential value is printed, and the other fields still are
        for secret in secrets {
            #expect(!capture.text.contains(secret), "\(secret) leaked: \(capture.text.prefix(600))")
        }
        for field in kept {
            #expect(capture.text.contains(field), "\(field) missing: \(capture.text.prefix(600))")
        }
    }

    @Test("a credential in the query is redacted at every level, in the request line and the cURL command")
    func query() async throws {
        for level in [NetworkActivityLoggerLevel.debug, .info, .error] {
            // Given a logger at `level` and a request whose query carries an API key
            let (logger, capture) = makeLogger(level: level)
            let sent = request("books?page=2&api_key=k-123456789&access_token=t-987654321")

            // When it fails
            _ = await observe(logger, sent, .failure(.noNetworkConnection(refused)))

            // Then the key and token are redacted and the page is not
            #expect(!capture.text.contains("k-123456789"))
            #expect(!capture.text.contains("t-987654321"))
            #expect(capture.text.contains("page=2&api_key=<redacted>&access_token=<redacted>"))
        }
    }
}
