import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension LoggingTests {
    /// The logger on its own instances, driven through the event-monitor calls the pipeline makes.
    @Suite(.timeLimit(.minutes(1))) struct NetworkActivityLoggerTests: LoggerTesting {
        // MARK: - Off until started

        @Test func logsNothingUntilStarted() async {
            // Given a logger that was configured but never started
            let (logger, capture) = makeLogger(level: .debug, start: false)
            let filterCalls = Locked(0)
            logger.filterPredicate = { _ in
                filterCalls.withLock { $0 += 1 }
                return false
            }

            // When a request goes through
            _ = await observe(logger, request("not-started"), .success(response(200, "not-started")))

            // Then nothing is printed, and the request was not even looked at
            #expect(capture.all.isEmpty)
            #expect(filterCalls.withLock { $0 } == 0)
            #expect(logger.isLogging == false)
        }

        @Test func logsNothingAtLevelOff() async {
            // Given a started logger at .off
            let (logger, capture) = makeLogger(level: .off)
            let filterCalls = Locked(0)
            logger.filterPredicate = { _ in
                filterCalls.withLock { $0 += 1 }
                return false
            }

            // When a success and a failure go through
            _ = await observe(logger, request("off-1"), .success(response(200, "off-1")))
            _ = await observe(logger, request("off-2"), .failure(.noNetworkConnection(refused)))

            // Then nothing is printed
            #expect(capture.all.isEmpty)
            #expect(filterCalls.withLock { $0 } == 0)
        }

        @Test func startAndStopKeepTheLevel() async {
            // Given a logger set to .warn
            let (logger, capture) = makeLogger(level: .warn, start: false)

            // When it is started and stopped
            logger.startLogging()
            #expect(logger.level == .warn)
            _ = await observe(logger, request("started"), .failure(.noNetworkConnection(refused)))
            logger.stopLogging()
            _ = await observe(logger, request("stopped"), .failure(.noNetworkConnection(refused)))

            // Then the level is unchanged and only the request sent while started is printed
            #expect(logger.level == .warn)
            #expect(capture.messages(containing: "/started").count == 1)
            #expect(capture.messages(containing: "/stopped").isEmpty)
        }

        @Test func defaults() {
            // Given a new logger
            let logger = NetworkActivityLogger()

            // Then it is stopped at .debug, filters nothing and redacts credentials and cookies
            #expect(logger.isLogging == false)
            #expect(logger.level == .debug)
            #expect(logger.filterPredicate == nil)
            #expect(logger.redactedHeaders == ["Authorization", "Proxy-Authorization", "Cookie", "Set-Cookie"])
            #expect(NetworkActivityLogger.shared.redactedHeaders.contains("Authorization"))
        }

        // MARK: - Levels

        /// Which of the outcomes print a message after the request, per level.
        static let levelTable: [(NetworkActivityLoggerLevel, Set<String>)] = [
            (.off, []),
            (.debug, ["ok", "not-found", "refused", "pinning", "cancelled"]),
            (.info, ["ok", "not-found", "refused", "pinning", "cancelled"]),
            (.warn, ["not-found", "refused", "pinning"]),
            (.error, ["not-found", "refused", "pinning"]),
            (.fatal, ["pinning"]),
        ]

        @Test(arguments: levelTable)
        func levelDecidesWhatIsPrinted(level: NetworkActivityLoggerLevel, logged: Set<String>) async {
            // Given a logger at `level` and five outcomes
            let (logger, capture) = makeLogger(level: level)
            let prefix = "levels-\(level)"
            let outcomes: [(String, Result<HTTPResponse, RepositoryError>)] = [
                ("ok", .success(response(200, "\(prefix)/ok", body: #"{"id":1}"#))),
                ("not-found", .success(response(404, "\(prefix)/not-found"))),
                ("refused", .failure(.noNetworkConnection(refused))),
                ("pinning", .failure(.pinningFailure(pinningFailure))),
                ("cancelled", .failure(.cancelled)),
            ]

            // When each goes through
            for (name, result) in outcomes {
                _ = await observe(logger, request("\(prefix)/\(name)"), result)
            }

            // Then requests print from .info down, and outcomes as the table says
            for (name, _) in outcomes {
                let messages = capture.messages(containing: "/\(prefix)/\(name)")
                let requestLines = messages.filter { $0.hasPrefix("→ ") }
                let outcomeLines = messages.filter { !$0.hasPrefix("→ ") }
                let requestsShown = level == .debug || level == .info
                #expect(requestLines.count == (requestsShown ? 1 : 0), "\(name)")
                #expect(outcomeLines.count == (logged.contains(name) ? 1 : 0), "\(name)")
                // Details (several lines per message) only at .debug
                let multiline = messages.contains { $0.contains("\n") }
                #expect(multiline == (level == .debug && !messages.isEmpty), "\(name)")
            }
        }

        @Test func debugPrintsHeadersBodiesStatusAndCurl() async throws {
            // Given a logger at .debug
            let (logger, capture) = makeLogger(level: .debug)
            var sent = request("debug/books", method: .post, headers: ["Content-Type": "application/json"])
            sent.body = Data(#"{"title":"Dune"}"#.utf8)
            let answer = response(201, "debug/books", headers: ["Content-Type": "application/json"], body: #"{"id":7}"#)

            // When a POST goes through
            _ = await observe(logger, sent, .success(answer))

            // Then the request block has method, URL, headers, body and cURL; the response block status and body
            let messages = capture.all
            try #require(messages.count == 2)
            #expect(
                messages.first
                    == """
                    → POST http://example.test/debug/books
                      Content-Type: application/json
                      Body: {"title":"Dune"}
                      cURL: curl -X POST 'http://example.test/debug/books' -H 'Content-Type: application/json' \
                    --data-raw '{"title":"Dune"}'
                    """)
            let lines = messages.last?.split(separator: "\n").map(String.init) ?? []
            #expect(lines.count == 3)
            #expect(lines.first?.hasPrefix("POST http://example.test/debug/books → 201 in ") == true)
            #expect(lines.first?.hasSuffix(" ms, 8 B") == true)
            #expect(lines.dropFirst().first == "  Content-Type: application/json")
            #expect(lines.last == #"  Body: {"id":7}"#)
        }

        @Test func infoPrintsOneLinePerRequestAndResponse() async throws {
            // Given a logger at .info and a 1.2 KiB response
            let (logger, capture) = makeLogger(level: .info)
            let body = String(repeating: "x", count: 1229)

            // When a GET succeeds and another fails
            _ = await observe(logger, request("info/ok"), .success(response(200, "info/ok", body: body)))
            _ = await observe(logger, request("info/down"), .failure(.noNetworkConnection(refused)))

            // Then each event is one line in the documented format
            let messages = capture.all
            try #require(messages.count == 4)
            #expect(messages[0] == "→ GET http://example.test/info/ok")
            #expect(
                messages[1].wholeMatch(of: /GET http:\/\/example\.test\/info\/ok → 200 in \d+\.\d ms, 1\.2 KiB/) != nil)
            #expect(messages[2] == "→ GET http://example.test/info/down")
            #expect(
                messages[3].wholeMatch(
                    of:
                        /GET http:\/\/example\.test\/info\/down ✕ No network connection \(connection refused\): connection refused in \d+\.\d ms/
                )
                    != nil)
        }

        @Test func warnPrintsFailuresOnly() async throws {
            // Given a logger at .warn
            let (logger, capture) = makeLogger(level: .warn)

            // When a success, a 404 and a transport error go through
            _ = await observe(logger, request("warn/ok"), .success(response(200, "warn/ok")))
            _ = await observe(logger, request("warn/missing"), .success(response(404, "warn/missing", body: "no such")))
            _ = await observe(logger, request("warn/down"), .failure(.noNetworkConnection(refused)))

            // Then only the two failures print, one line each, the 404 with its status
            let messages = capture.all
            try #require(messages.count == 2)
            #expect(capture.messages(containing: "warn/ok").isEmpty)
            #expect(messages[0].hasPrefix("GET http://example.test/warn/missing → 404 in "))
            #expect(messages[0].hasSuffix(" ms, 7 B: no such"))
            #expect(
                messages[1].hasPrefix(
                    "GET http://example.test/warn/down ✕ No network connection (connection refused): connection refused"
                ))
            #expect(!messages.contains { $0.contains("\n") })
        }

        @Test func elapsedTimeIsMeasured() async throws {
            // Given a logger at .info and a transport taking at least 50 ms
            let (logger, capture) = makeLogger(level: .info)

            // When the request goes through
            _ = await observe(logger, request("slow")) {
                try? await Task.sleep(for: .milliseconds(50))
                return .success(response(200, "slow"))
            }

            // Then the logged time is at least 50 ms
            let line = try #require(capture.messages(containing: "→ 200").first)
            let match = try #require(line.firstMatch(of: /in (\d+\.\d) ms/))
            let milliseconds = try #require(Double(String(match.1)))
            #expect(milliseconds >= 50)
            #expect(milliseconds < 60_000)
        }

        // MARK: - Filter

        @Test func filterLeavesOutMatchingRequests() async {
            // Given a logger whose filter drops /health
            let (logger, capture) = makeLogger(level: .debug)
            logger.filterPredicate = { $0.url.path.hasPrefix("/health") }

            // When /health and /books go through
            _ = await observe(logger, request("health"), .failure(.noNetworkConnection(refused)))
            _ = await observe(logger, request("books"), .success(response(200, "books")))

            // Then only /books is logged, request and response
            #expect(capture.messages(containing: "/health").isEmpty)
            #expect(capture.messages(containing: "/books").count == 2)
        }

        // MARK: - Bodies

        @Test func bodiesAreCutAtFourKiB() async throws {
            // Given a logger at .debug and 5,000-byte text bodies
            let (logger, capture) = makeLogger(level: .debug)
            let long = String(repeating: "a", count: 5000)
            var sent = request("long", method: .put)
            sent.body = Data(long.utf8)

            // When the request goes through
            _ = await observe(logger, sent, .success(response(200, "long", body: long)))

            // Then both bodies show their first 4,096 bytes and the full size, and cURL leaves the body out
            let text = capture.text
            let shown = "  Body: " + String(repeating: "a", count: 4096) + "… (5000 bytes)"
            #expect(text.components(separatedBy: shown).count - 1 == 2)
            #expect(!text.contains(String(repeating: "a", count: 4097)))
            #expect(text.contains("# body not shown: 5000 bytes, over the 4096-byte log limit"))
        }

        @Test func binaryBodiesAreSummarised() async {
            // Given a logger at .debug and binary bodies
            let (logger, capture) = makeLogger(level: .debug)
            let binary = Data([0x00, 0xFF, 0x10, 0x80, 0x01, 0x02])
            var sent = request("binary", method: .post)
            sent.body = binary

            // When the request goes through
            _ = await observe(logger, sent, .success(HTTPResponse(statusCode: 200, body: binary, url: sent.url)))

            // Then each body is summarised, and cURL says why it has none
            let text = capture.text
            #expect(text.components(separatedBy: "  Body: <6 bytes of binary data>").count - 1 == 2)
            #expect(text.contains("# body not shown: <6 bytes of binary data>"))
        }
    }
}
