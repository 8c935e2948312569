import Foundation
import Networking
import NetworkingTestKit
import Testing

extension LoggingTests {
    /// The shared logger and indicator, driven by real repositories: every configuration reports to them by default.
    /// Serialized because they are process-wide; each test restores what it changed, and reads only
    /// the lines of its own unique paths since other suites send requests meanwhile.
    @Suite(.serialized, .timeLimit(.minutes(1))) struct SharedObserversTests: LoggerTesting {
        @Test func sharedLoggerSeesPipelineRequestsWithTheSessionToken() async throws {
            // Given the shared logger at .debug and a repository whose session token is secret
            let capture = LogCapture()
            let restore = useSharedLogger(level: .debug, output: capture.output)
            defer { restore() }
            let session = SessionManager()
            await session.login(token: "secret-token")
            let stub = StubTransport(statusCode: 200, headers: ["Set-Cookie": "session=abc"], body: Data("{}".utf8))
            let repository = LoggingTestRepository(transport: stub, sessionManager: session)
            let path = "shared-logger/\(UUID().uuidString)"

            // When a request with a cookie goes through the pipeline
            let result = await repository.get(path, headers: ["Cookie": "c=1"])

            // Then the request and response are logged after the session stage, with secrets redacted
            #expect((try? result.get()) != nil)
            let messages = capture.messages(containing: path)
            try #require(messages.count == 2)
            #expect(messages[0].hasPrefix("→ GET http://example.test/\(path)"))
            #expect(messages[0].contains("  Authorization: <redacted>"))
            #expect(messages[0].contains("-H 'Authorization: <redacted>'"))
            #expect(messages[0].contains("  Cookie: <redacted>"))
            #expect(messages[1].contains("  Set-Cookie: <redacted>"))
            for secret in ["secret-token", "c=1", "session=abc"] {
                #expect(!messages.joined().contains(secret))
            }
        }

        @Test func sharedLoggerAtWarnSeesFailuresBeforeValidation() async throws {
            // Given the shared logger at .warn and a transport that answers 404, fails, or succeeds by path
            let capture = LogCapture()
            let restore = useSharedLogger(level: .warn, output: capture.output)
            defer { restore() }
            let stub = StubTransport { request in
                if request.url.path.hasSuffix("/down") {
                    throw TransportError(code: .connectionRefused, message: "connection refused")
                }
                let status = request.url.path.hasSuffix("/missing") ? 404 : 200
                return HTTPResponse(statusCode: status, url: request.url)
            }
            let repository = LoggingTestRepository(transport: stub)
            let base = "shared-warn/\(UUID().uuidString)"

            // When a success, a 404 and a transport failure go through the pipeline
            _ = await repository.get("\(base)/ok")
            _ = await repository.get("\(base)/missing")
            _ = await repository.get("\(base)/down")

            // Then only the failures are logged
            let messages = capture.messages(containing: base)
            try #require(messages.count == 2)
            #expect(messages[0].hasPrefix("GET http://example.test/\(base)/missing → 404 in "))
            #expect(messages[1].hasPrefix("GET http://example.test/\(base)/down ✕ No network connection"))
        }

        @Test func stoppedSharedLoggerPrintsNothing() async {
            // Given the shared logger configured but stopped
            let capture = LogCapture()
            let restore = useSharedLogger(level: .debug, output: capture.output)
            defer { restore() }
            NetworkActivityLogger.shared.stopLogging()
            let repository = LoggingTestRepository(transport: StubTransport(statusCode: 500))
            let path = "shared-stopped/\(UUID().uuidString)"

            // When a request goes through the pipeline
            _ = await repository.get(path)

            // Then it is not logged
            #expect(capture.messages(containing: path).isEmpty)
        }

        @Test func sharedIndicatorFollowsPipelineRequests() async {
            // Given the shared indicator enabled with short delays, and a request the test holds open
            let log = VisibilityLog()
            let restore = useSharedIndicator(startDelay: 0.05, completionDelay: 0.05, callback: log.callback)
            defer { restore() }
            let indicator = NetworkActivityIndicatorManager.shared
            let gate = makeGate()
            let seenInTransport = PeakGauge()
            let stub = StubTransport { request in
                seenInTransport.record(indicator.activityCount)
                await gate.wait()
                return HTTPResponse(statusCode: 200, url: request.url)
            }
            let repository = LoggingTestRepository(transport: stub)

            // When the request runs past the start delay, then ends
            let request = Task { await repository.get("shared-indicator/\(UUID().uuidString)") }
            #expect(await eventually { indicator.isNetworkActivityIndicatorVisible })
            gate.open()
            _ = await request.value

            // Then it was counted while in the transport, shown, then hidden again
            #expect(seenInTransport.value >= 1)
            #expect(await eventually { log.all.first == true })
            #expect(await eventually { !indicator.isNetworkActivityIndicatorVisible })
            #expect(await eventually { log.all.last == false })
        }

        @Test func sharedCountReturnsToZeroAfterHundredConcurrentPipelineRequests() async {
            // Given 100 requests through the pipeline, 1 to 20 ms each: every fourth fails in the
            // transport, every seventh gets a 500, every fifth is cancelled
            let indicator = NetworkActivityIndicatorManager.shared
            let peak = PeakGauge()
            let stub = StubTransport { request in
                peak.record(indicator.activityCount)
                let index = Int(request.url.lastPathComponent) ?? 0
                try await Task.sleep(for: .milliseconds(1 + index % 20))
                if index % 4 == 0 {
                    throw TransportError(code: .connectionLost, message: "lost")
                }
                return HTTPResponse(statusCode: index % 7 == 0 ? 500 : 200, url: request.url)
            }
            let repository = LoggingTestRepository(transport: stub)
            let base = "shared-concurrent/\(UUID().uuidString)"

            // When they run at once
            var requests: [Task<Bool, Never>] = []
            for index in 0..<100 {
                let request = Task {
                    guard case .failure(.cancelled) = await repository.get("\(base)/\(index)") else {
                        return false
                    }
                    return true
                }
                if index % 5 == 0 {
                    request.cancel()
                }
                requests.append(request)
            }
            var cancelled = 0
            for request in requests where await request.value {
                cancelled += 1
            }

            // Then they overlapped, and the count (shared with other suites) drains back to zero
            #expect(cancelled >= 1)
            #expect(peak.value >= 2)
            #expect(await eventually { indicator.activityCount == 0 })
        }

        /// Points the shared logger at `output`, started at `level`; the returned closure restores it.
        func useSharedLogger(level: NetworkActivityLoggerLevel, output: @escaping @Sendable (String) -> Void)
            -> () -> Void
        {
            let logger = NetworkActivityLogger.shared
            let saved = (logger.level, logger.output, logger.filterPredicate, logger.redactedHeaders, logger.isLogging)
            logger.output = output
            logger.level = level
            logger.filterPredicate = nil
            logger.startLogging()
            return {
                logger.stopLogging()
                (logger.level, logger.output, logger.filterPredicate, logger.redactedHeaders) =
                    (saved.0, saved.1, saved.2, saved.3)
                if saved.4 {
                    logger.startLogging()
                }
            }
        }

        /// Enables the shared indicator with the given delays; the returned closure restores it.
        func useSharedIndicator(
            startDelay: TimeInterval, completionDelay: TimeInterval, callback: @escaping @Sendable (Bool) -> Void
        ) -> () -> Void {
            let indicator = NetworkActivityIndicatorManager.shared
            let saved = (
                indicator.isEnabled, indicator.startDelay, indicator.completionDelay,
                indicator.networkActivityIndicatorVisibilityChanged
            )
            indicator.startDelay = startDelay
            indicator.completionDelay = completionDelay
            indicator.networkActivityIndicatorVisibilityChanged = callback
            indicator.isEnabled = true
            return {
                indicator.isEnabled = saved.0
                indicator.startDelay = saved.1
                indicator.completionDelay = saved.2
                indicator.networkActivityIndicatorVisibilityChanged = saved.3
            }
        }
    }
}
