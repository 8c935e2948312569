import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension LoggingTests {
    /// Secret JSON body fields (passwords, tokens) never reach the logger's output.
    @Suite(.timeLimit(.minutes(1))) struct NetworkActivityLoggerBodyRedactionTests: LoggerTesting {
        @Test func passwordAndTokenFieldsAreRedactedInBodiesAndCurl() async throws {
            // Given a logger at .debug, a login request carrying a password and a response carrying a token
            let (logger, capture) = makeLogger(level: .debug)
            var sent = request("body/login", method: .post)
            sent.body = Data(#"{"username": "reader", "password": "hunter2", "nested": {"api_key": "k-123"}}"#.utf8)
            let answer = response(200, "body/login", body: #"{"token": "tok-abcdefgh-1234", "user": {"id": 1}}"#)

            // When it goes through
            _ = await observe(logger, sent, .success(answer))

            // Then the values are replaced, the other fields are kept, in the body and the cURL command
            let text = capture.text
            for secret in ["hunter2", "k-123", "tok-abcdefgh-1234"] {
                #expect(!text.contains(secret), "\(secret) leaked")
            }
            #expect(text.contains(#""password": "<redacted>""#))
            #expect(text.contains(#""api_key": "<redacted>""#))
            #expect(text.contains(#""token": "<redacted>""#))
            #expect(text.contains(#""username": "reader""#))
            #expect(text.contains(#"--data-raw '{"username": "reader", "password": "<redacted>""#))
        }

        @Test func aTokenFromAResponseBodyIsScrubbedWhereverItIsEchoed() async {
            let (logger, capture) = makeLogger(level: .info)
            let answer = response(
                500, "body/echo",
                body: #"{"access_token": "tok-echoed-9876", "detail": "tok-echoed-9876 was rejected"}"#)

            _ = await observe(logger, request("body/echo"), .success(answer))

            #expect(!capture.text.isEmpty)
            #expect(!capture.text.contains("tok-echoed-9876"))
        }

        @Test func theWordsCanBeReplaced() async {
            // Given a logger whose only credential word is "pin"
            let (logger, capture) = makeLogger(level: .debug)
            logger.redactedBodyFields = ["pin"]
            var json = request("body/pin", method: .post)
            json.body = Data(#"{"pin": "4321", "password": "visible-now"}"#.utf8)
            var form = request("body/form", method: .post)
            form.body = Data("pin_code=9876&password=plain-form".utf8)

            // When both go through
            _ = await observe(logger, json, .success(response(204, "body/pin")))
            _ = await observe(logger, form, .success(response(204, "body/form")))

            // Then fields named after "pin" are hidden, in JSON and form bodies, and the others are not
            #expect(!capture.text.contains("4321"))
            #expect(!capture.text.contains("9876"))
            #expect(capture.text.contains("pin_code=<redacted>"))
            #expect(capture.text.contains("visible-now"))
            #expect(capture.text.contains("password=plain-form"))
        }
    }
}
