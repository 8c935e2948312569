import Foundation
import Testing

@testable import Networking

extension LoggingTests {
    /// The pieces the logger's lines are made of.
    @Suite(.timeLimit(.minutes(1))) struct RequestLogFormatterTests {
        @Test(arguments: [
            (Duration.zero, "0.0 ms"),
            (.microseconds(49), "0.0 ms"),
            (.microseconds(50), "0.1 ms"),
            (.microseconds(12_345), "12.3 ms"),
            (.milliseconds(1_500), "1500.0 ms"),
            (.seconds(2) + .microseconds(960), "2001.0 ms"),
        ])
        func milliseconds(duration: Duration, expected: String) {
            #expect(RequestLogFormatter.milliseconds(duration) == expected)
        }

        @Test(arguments: [
            (0, "0 B"),
            (1023, "1023 B"),
            (1024, "1.0 KiB"),
            (1229, "1.2 KiB"),
            (1024 * 1024 - 1, "1024.0 KiB"),
            (1024 * 1024, "1.0 MiB"),
            (5 * 1024 * 1024 + 512 * 1024, "5.5 MiB"),
        ])
        func size(bytes: Int, expected: String) {
            #expect(RequestLogFormatter.size(bytes) == expected)
        }

        @Test(arguments: [
            ("plain", "'plain'"),
            ("it's", #"'it'\''s'"#),
            ("$HOME `x` \"q\"", #"'$HOME `x` "q"'"#),
        ])
        func shellQuoting(text: String, expected: String) {
            #expect(CurlCommand.quoted(text) == expected)
        }

        @Test func curlForHeadAndGet() throws {
            // Given a HEAD and a GET with a query
            let url = try #require(URL(string: "http://example.test/books?page=2&q=a%20b"))
            let redaction = LogRedaction(request: HTTPRequest(method: .get, url: url), names: [])

            // Then HEAD uses --head, others -X, and the URL is quoted whole
            #expect(
                CurlCommand(request: HTTPRequest(method: .head, url: url), redaction: redaction).rendered
                    == "curl --head 'http://example.test/books?page=2&q=a%20b'")
            #expect(
                CurlCommand(request: HTTPRequest(method: .get, url: url), redaction: redaction).rendered
                    == "curl -X GET 'http://example.test/books?page=2&q=a%20b'")
        }

        @Test(arguments: [
            (NetworkActivityLoggerLevel.debug, NetworkActivityLoggerLevel.debug, true),
            (.debug, .fatal, true),
            (.info, .debug, false),
            (.info, .info, true),
            (.warn, .info, false),
            (.warn, .error, true),
            (.error, .error, true),
            (.fatal, .error, false),
            (.fatal, .fatal, true),
            (.off, .fatal, false),
        ])
        func levelOrder(setting: NetworkActivityLoggerLevel, message: NetworkActivityLoggerLevel, printed: Bool) {
            #expect(setting.allows(message) == printed)
        }
    }
}
