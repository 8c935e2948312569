import Foundation
import Networking
import NetworkingTestKit
import Testing

extension LoggingTests {
    /// Loggers given to one configuration through `eventMonitors`, instead of the shared one.
    @Suite(.timeLimit(.minutes(2))) struct ConfigurationLoggerTests: LoggerTesting {
        func repository(
            logger: NetworkActivityLogger, interceptors: [any HTTPInterceptor] = [], transport: StubTransport
        )
            -> TestRepository
        {
            var configuration = NetworkingConfiguration(useSecureConnection: false, domainURL: "example.test")
            configuration.eventMonitors = [logger]
            configuration.interceptors = interceptors
            return TestRepository(configuration: configuration, transport: transport)
        }

        @Test func twoConfigurationsWithTheirOwnLoggersLogToTheirOwnOutputs() async throws {
            // Given two configurations with their own loggers, one at .info and one at .debug
            let (infoLogger, infoCapture) = makeLogger(level: .info)
            let (debugLogger, debugCapture) = makeLogger(level: .debug)
            let books = repository(logger: infoLogger, transport: stub(body: "{}"))
            let users = repository(logger: debugLogger, transport: stub(body: "{}"))

            // When each makes a call
            _ = await books.performRawRequest(method: .get, path: "books")
            _ = await users.performRawRequest(method: .get, path: "users", headers: ["X-Trace": "t-1"])

            // Then each call was logged once, by its own configuration's logger, at that logger's level
            #expect(infoCapture.all.count == 2)
            #expect(infoCapture.all.allSatisfy { $0.contains("/books") })
            #expect(!infoCapture.text.contains("X-Trace"))
            #expect(debugCapture.all.count == 2)
            #expect(debugCapture.all.allSatisfy { $0.contains("/users") })
            #expect(debugCapture.all.first?.contains("  X-Trace: t-1") == true)
        }

        @Test func everyAttemptIsLoggedWithItsNumberAtInfo() async throws {
            // Given a logger at .info and a retry policy in front of a transport answering 503, then 200
            let (logger, capture) = makeLogger(level: .info)
            let statuses = Locked([503, 200])
            let transport = StubTransport { request in
                HTTPResponse(statusCode: statuses.withLock { $0.removeFirst() }, url: request.url)
            }
            let repository = repository(
                logger: logger, interceptors: [RetryPolicy(baseDelay: 0)], transport: transport)

            // When a call is made
            let result = await repository.performRawRequest(method: .get, path: "flaky")

            // Then both attempts are logged, the second with its number
            #expect(result.success?.statusCode == 200)
            let lines = capture.all
            try #require(lines.count == 4)
            #expect(lines[0] == "→ GET http://example.test/flaky")
            #expect(lines[1].hasPrefix("GET http://example.test/flaky → 503 in "))
            #expect(lines[2] == "→ GET http://example.test/flaky (attempt 2)")
            #expect(lines[3].hasPrefix("GET http://example.test/flaky (attempt 2) → 200 in "))
        }

        @Test func aFailedAttemptNamesItsNumberToo() async throws {
            // Given a logger at .warn and a retry policy in front of a transport that drops the connection twice
            let (logger, capture) = makeLogger(level: .warn)
            let transport = StubTransport { _ in throw TransportError(code: .connectionLost, message: "lost") }
            let repository = repository(
                logger: logger, interceptors: [RetryPolicy(maximumAttempts: 2, baseDelay: 0)], transport: transport)

            // When a call is made
            _ = await repository.performRawRequest(method: .get, path: "down")

            // Then both failures are logged with their attempt
            #expect(capture.all.count == 2)
            #expect(capture.all.first?.hasPrefix("GET http://example.test/down ✕ ") == true)
            #expect(capture.all.last?.hasPrefix("GET http://example.test/down (attempt 2) ✕ ") == true)
        }
    }
}
