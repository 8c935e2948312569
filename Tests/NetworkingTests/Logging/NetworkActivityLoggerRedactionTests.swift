import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension LoggingTests {
    /// Secrets never reach the logger's output, at any level.
    @Suite(.timeLimit(.minutes(1))) struct NetworkActivityLoggerRedactionTests: LoggerTesting {
        static let secrets = ["secret-token", "c=1", "session=abc"]
        static let secretHeaders: HTTPHeaders = ["Authorization": "secret-token", "Cookie": "c=1"]
        static let setCookie: HTTPHeaders = ["Set-Cookie": "session=abc; Path=/; HttpOnly"]

        @Test(arguments: [NetworkActivityLoggerLevel.debug, .info, .warn, .error, .fatal])
        func secretsNeverShow(level: NetworkActivityLoggerLevel) async {
            // Given a logger at `level`, requests carrying a token and a cookie, and responses setting a
            // cookie and echoing the token in their bodies and error messages
            let (logger, capture) = makeLogger(level: level)
            let echo = #"{"echo":"secret-token"}"#
            let outcomes: [(String, Result<HTTPResponse, RepositoryError>)] = [
                ("ok", .success(response(200, "secrets/ok", headers: Self.setCookie, body: echo))),
                ("forbidden", .success(response(403, "secrets/forbidden", headers: Self.setCookie, body: echo))),
                (
                    "down",
                    .failure(.noNetworkConnection(TransportError(code: .other, message: "rejected secret-token")))
                ),
                ("pinning", .failure(.pinningFailure(pinningFailure))),
            ]

            // When each goes through
            for (name, result) in outcomes {
                _ = await observe(
                    logger, request("secrets/\(name)", method: .post, headers: Self.secretHeaders), result)
            }

            // Then no secret value is printed, and where a secret was due `<redacted>` stands in for it
            let text = capture.text
            #expect(!text.isEmpty)
            for secret in Self.secrets {
                #expect(!text.contains(secret), "\(secret) leaked at \(level)")
            }
            #expect(text.contains("<redacted>") == (level != .fatal))
        }

        @Test func debugRedactsHeadersAndCurl() async throws {
            // Given a logger at .debug
            let (logger, capture) = makeLogger(level: .debug)
            var headers = Self.secretHeaders
            headers["Accept"] = "application/json"
            var sent = request("redact/curl", method: .post, headers: headers)
            sent.body = Data(#"{"q":"it's"}"#.utf8)

            // When a request with credentials gets a response setting a cookie
            _ = await observe(logger, sent, .success(response(200, "redact/curl", headers: Self.setCookie)))

            // Then header lists and the cURL command show `<redacted>` in place of each secret value
            let messages = capture.all
            try #require(messages.count == 2)
            #expect(messages[0].contains("\n  Authorization: <redacted>\n"))
            #expect(messages[0].contains("\n  Cookie: <redacted>\n"))
            #expect(messages[0].contains("\n  Accept: application/json\n"))
            #expect(
                messages[0].contains(
                    #"  cURL: curl -X POST 'http://example.test/redact/curl' -H 'Authorization: <redacted>' "#
                        + #"-H 'Cookie: <redacted>' -H 'Accept: application/json' --data-raw '{"q":"it'\''s"}'"#))
            #expect(messages[1].hasSuffix("\n  Set-Cookie: <redacted>"))
            for secret in Self.secrets {
                #expect(!capture.text.contains(secret))
            }
        }

        @Test func headerNamesMatchInAnyCase() async {
            // Given a logger redacting a custom header, and headers named in unusual case
            let (logger, capture) = makeLogger(level: .debug)
            logger.redactedHeaders.insert("X-API-Key")
            let headers = HTTPHeaders(fields: [("authorization", "secret-token"), ("x-api-KEY", "k1")])

            // When the request goes through
            _ = await observe(logger, request("redact/case", headers: headers), .success(response(204, "redact/case")))

            // Then both values are redacted
            let text = capture.text
            #expect(text.contains("  authorization: <redacted>"))
            #expect(text.contains("  x-api-KEY: <redacted>"))
            #expect(text.contains("-H 'x-api-KEY: <redacted>'"))
            #expect(!text.contains("secret-token"))
            #expect(!text.contains("k1"))
        }

        @Test(arguments: [NetworkActivityLoggerLevel.debug, .info, .warn])
        func urlPasswordIsRedacted(level: NetworkActivityLoggerLevel) async throws {
            // Given a logger at `level` and a URL with user information
            let (logger, capture) = makeLogger(level: level)
            let url = try #require(URL(string: "http://reader:pw@example.test/redact/password"))
            let sent = HTTPRequest(method: .get, url: url)

            // When it fails with a 404 whose message names the URL
            let answer = HTTPResponse(statusCode: 404, body: Data("missing".utf8), url: url)
            _ = await observe(logger, sent, .success(answer))
            _ = await observe(logger, sent, .failure(.requestError(ResponseError(answer))))

            // Then the user stays and the password is redacted
            let text = capture.text
            #expect(text.contains("http://reader:<redacted>@example.test/redact/password"))
            #expect(!text.contains(":pw@"))
        }

        @Test func redactedHeadersCanBeReplaced() async {
            // Given a logger that redacts only X-Secret
            let (logger, capture) = makeLogger(level: .debug)
            logger.redactedHeaders = ["X-Secret"]

            // When a request carries X-Secret and a custom Authorization the app chose to show
            let headers = HTTPHeaders(fields: [("X-Secret", "s3cr3t-value"), ("Authorization", "public")])
            _ = await observe(
                logger, request("redact/custom", headers: headers), .success(response(200, "redact/custom")))

            // Then the logger follows the new set
            #expect(capture.text.contains("  X-Secret: <redacted>"))
            #expect(capture.text.contains("  Authorization: public"))
            #expect(!capture.text.contains("s3cr3t-value"))
        }
    }
}
