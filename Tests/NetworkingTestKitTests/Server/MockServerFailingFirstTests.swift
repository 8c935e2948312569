import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockServer failingFirst routes", .timeLimit(.minutes(1)))
    struct MockServerFailingFirstTests {
        /// A way for the first requests to fail, with what a client sees of it.
        enum Failure: String, CaseIterable, Sendable {
            case status503, status503WithRetryAfter, disconnectAtStart, stall, disconnectDuringBody

            var response: MockResponse {
                switch self {
                case .status503: MockResponse(status: 503, text: "busy")
                case .status503WithRetryAfter: MockResponse(status: 503, text: "busy").retryAfter(seconds: 7)
                case .disconnectAtStart: MockResponse(text: "never sent").failing(.disconnectAtStart)
                case .stall: MockResponse(text: "never sent").failing(.stall)
                case .disconnectDuringBody: MockResponse(text: "cut short").failing(.disconnectDuringBody)
                }
            }

            /// What ``outcome(of:)`` reports for one failed request.
            var expected: String {
                switch self {
                case .status503: "503 busy"
                case .status503WithRetryAfter: "503 busy Retry-After=7"
                case .disconnectAtStart: "error: connection closed in a line"
                case .stall: "error: read timed out"
                case .disconnectDuringBody: "error: connection closed after 4 of 9 bytes"
                }
            }
        }

        /// One request on a new connection with a 1-second read timeout, described as status, body and
        /// `Retry-After`, or as the client's error.
        static func outcome(of server: MockServer, path: String) async throws -> String {
            try await onThread {
                do {
                    let response = try TestHTTPClient(port: server.port, timeout: 1).request(path)
                    let retryAfter = response.headers["Retry-After"].map { " Retry-After=\($0)" } ?? ""
                    return "\(response.status) \(response.text)\(retryAfter)"
                } catch let error as TestClientError {
                    return "error: \(error.description)"
                }
            }
        }

        @Test(arguments: Failure.allCases)
        func firstRequestsFailThenLaterOnesSucceed(failure: Failure) async throws {
            // Given a route whose first two requests fail
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/flaky", failingFirst: 2, with: failure.response, then: MockResponse(status: 200, text: "ok"))

            // When four requests are sent one after another, each on its own connection
            var outcomes: [String] = []
            for _ in 0..<4 {
                outcomes.append(try await Self.outcome(of: server, path: "/flaky"))
            }

            // Then exactly the first two failed, each reached the server once, and later ones succeed
            #expect(outcomes == [failure.expected, failure.expected, "200 ok", "200 ok"])
            #expect(server.requestCount(path: "/flaky") == 4)
            #expect(server.connectionCount == 4)
        }

        @Test func failuresAreCountedPerRouteNotPerServer() async throws {
            // Given two failing routes and a request to a third path
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/a", failingFirst: 1, with: MockResponse(status: 503), then: MockResponse(status: 200))
            server.route("/b", failingFirst: 1, with: MockResponse(status: 502), then: MockResponse(status: 201))
            server.enqueue(MockResponse(status: 204))

            // When each path is requested in turn
            let statuses = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return try ["/a", "/c", "/b", "/a", "/b"].map { try client.request($0).status }
            }

            // Then each route failed its own first request only
            #expect(statuses == [503, 204, 502, 200, 201])
        }

        @Test func concurrentRequestsFailExactlyCountTimes() async throws {
            // Given a route failing its first 5 requests with 503
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/burst", failingFirst: 5, with: MockResponse(status: 503), then: MockResponse(status: 200))
            let transport = CurlTransport()

            // When 12 requests are sent at once
            let statuses = try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<12 {
                    group.addTask { try await transport.send(TransportFixtures.request(server, "/burst")).statusCode }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            // Then exactly five of them got the failure
            #expect(statuses.count { $0 == 503 } == 5)
            #expect(statuses.count { $0 == 200 } == 7)
            #expect(server.requestCount(path: "/burst") == 12)
        }
    }
}
