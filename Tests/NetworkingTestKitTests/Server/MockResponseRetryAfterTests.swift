import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockResponse Retry-After", .timeLimit(.minutes(1)))
    struct MockResponseRetryAfterTests {
        @Test func secondsAreWrittenAsANumber() {
            // Given / When
            let response = MockResponse(status: 503).retryAfter(seconds: 120)

            // Then
            #expect(response.headers.values(for: "Retry-After") == ["120"])
            #expect(response.status == 503)
        }

        @Test(arguments: [
            (784_111_777.0, "Sun, 06 Nov 1994 08:49:37 GMT"),
            (0.0, "Thu, 01 Jan 1970 00:00:00 GMT"),
            (1_709_251_199.9, "Thu, 29 Feb 2024 23:59:59 GMT"),
        ])
        func datesAreWrittenAsIMFFixdate(seconds: Double, expected: String) {
            // Given / When
            let response = MockResponse(status: 429).retryAfter(date: Date(timeIntervalSince1970: seconds))

            // Then
            #expect(response.headers.values(for: "Retry-After") == [expected])
        }

        @Test func aSecondRetryAfterReplacesTheFirst() {
            // Given / When
            let response = MockResponse(status: 503, headers: ["retry-after": "1"]).retryAfter(seconds: 5)
                .retryAfter(seconds: 9)

            // Then
            #expect(response.headers.values(for: "Retry-After") == ["9"])
        }

        @Test func theHeaderReachesTheClient() async throws {
            // Given a route answering 503 with Retry-After as a date, then 429 with seconds
            let server = try MockServer()
            defer { server.shutdown() }
            let date = Date(timeIntervalSince1970: 784_111_777)
            server.route(
                "/busy", failingFirst: 1, with: MockResponse(status: 503).retryAfter(date: date),
                then: MockResponse(status: 429).retryAfter(seconds: 30))
            let transport = CurlTransport()

            // When it is requested twice
            let first = try await transport.send(TransportFixtures.request(server, "/busy"))
            let second = try await transport.send(TransportFixtures.request(server, "/busy"))

            // Then the client reads both headers as written
            #expect(first.statusCode == 503)
            #expect(first.headers["Retry-After"] == "Sun, 06 Nov 1994 08:49:37 GMT")
            #expect(second.statusCode == 429)
            #expect(second.headers["Retry-After"] == "30")
        }
    }
}
