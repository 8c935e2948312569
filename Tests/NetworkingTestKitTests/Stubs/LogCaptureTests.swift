import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension TestKit {
    @Suite("LogCapture", .timeLimit(.minutes(1)))
    struct LogCaptureTests {
        @Test func outputCollectsMessagesInOrder() {
            // Given a capture
            let capture = LogCapture()

            // When its output is given three messages
            for message in ["GET /a", "GET /b", "GET /a → 200"] {
                capture.output(message)
            }

            // Then it keeps them all, in order, and filters by marker
            #expect(capture.all == ["GET /a", "GET /b", "GET /a → 200"])
            #expect(capture.messages(containing: "/a") == ["GET /a", "GET /a → 200"])
            #expect(capture.messages(containing: "/c").isEmpty)
            #expect(capture.text == "GET /a\nGET /b\nGET /a → 200")
        }

        @Test(arguments: [NetworkActivityLoggerLevel.debug, .info])
        func loggerIsStartedAtTheLevelAndWritesHere(level: NetworkActivityLoggerLevel) async {
            // Given a logger made by a capture
            let capture = LogCapture()
            let logger = capture.logger(level: level)
            let path = "log-capture/\(UUID().uuidString)"

            // When a request and its response are reported to it
            let url = URL(string: "http://example.test/\(path)")!
            let request = HTTPRequest(method: .get, url: url, headers: HTTPHeaders())
            let context = RequestContext(path: "observed")
            let response = HTTPResponse(statusCode: 200, headers: HTTPHeaders(), body: Data("body-text".utf8), url: url)
            logger.requestWillSend(request, context: context)
            logger.request(request, context: context, didFinishWith: .success(response))

            // Then it was started at that level and its lines are here: a request and a response line at
            // .info, headers and bodies too at .debug
            #expect(logger.isLogging)
            #expect(logger.level == level)
            #expect(capture.messages(containing: path).count >= 2)
            #expect(capture.text.contains("body-text") == (level == .debug))
        }

        @Test func theDefaultLevelIsDebug() {
            // Given / When
            let logger = LogCapture().logger()

            // Then
            #expect(logger.level == .debug)
            #expect(logger.isLogging)
        }

        @Test func waitForMessageReturnsOnceALaterMessageArrives() async {
            // Given a capture whose output receives a marker 100 ms from now
            let capture = LogCapture()
            let output = capture.output
            let writer = Task {
                try await Task.sleep(for: .milliseconds(100))
                output("late line with marker-42")
            }

            // When waiting for the marker
            let found = await capture.waitForMessage(containing: "marker-42")

            // Then it was found, after it was written
            #expect(found)
            #expect(capture.messages(containing: "marker-42").count == 1)
            _ = try? await writer.value
        }

        @Test func waitForMessageGivesUpAfterTheTimeout() async {
            // Given a capture with an unrelated message
            let capture = LogCapture()
            capture.output("something else")
            let start = ContinuousClock.now

            // When waiting 0.2 s for a marker that never comes
            let found = await capture.waitForMessage(containing: "never", timeout: 0.2)

            // Then it reports false, not before the timeout and well before the default one
            let elapsed = ContinuousClock.now - start
            #expect(!found)
            #expect(elapsed >= .milliseconds(200))
            #expect(elapsed < .seconds(5))
        }
    }
}
