import Foundation
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockServer shutdown", .timeLimit(.minutes(1)))
    struct MockServerShutdownTests {
        @Test func shutdownIsIdempotentAndClosesTheListener() async throws {
            // Given a server that answered a request, whose port cannot be taken while it listens
            let server = try MockServer()
            server.enqueue(MockResponse(text: "one"))
            _ = try await onThread { try TestHTTPClient(port: server.port).request("/") }
            #expect(throws: POSIXError.self) { try ClosedPort(binding: server.port) }

            // When
            let first = measure { server.shutdown() }
            let second = measure { server.shutdown() }

            // Then both return promptly, nothing listens on the port, and the recorded request is still there
            #expect(first < 2)
            #expect(second < 2)
            expectNothingListens(on: server.port)
            let recorded = try await server.takeRequest(timeout: 0.5)
            #expect(recorded.path == "/")
        }

        @Test func shutdownClosesIdleKeptAliveConnections() async throws {
            // Given
            let server = try MockServer()
            server.enqueue(MockResponse(text: "one"))
            let client = try await onThread { () -> TestHTTPClientBox in
                let client = try TestHTTPClient(port: server.port)
                _ = try client.request("/")
                return TestHTTPClientBox(client)
            }

            // When
            let elapsed = measure { server.shutdown() }
            let rest = try await onThread { try client.client.readToEnd() }

            // Then
            #expect(elapsed < 2)
            #expect(rest.isEmpty)
        }

        @Test func shutdownReleasesADispatcherThatCapturesTheServer() async throws {
            // Given
            weak var weakServer: MockServer?
            var port = 0
            do {
                let server = try MockServer()
                server.dispatcher = { _ in MockResponse(text: "\(server.requestCount)") }
                weakServer = server
                port = server.port

                // When
                server.shutdown()
            }

            // Then
            #expect(weakServer == nil)
            expectNothingListens(on: port)
        }

        @Test func droppingTheServerShutsItDown() async throws {
            // Given a server that nothing but this variable holds
            weak var weakServer: MockServer?
            var server: MockServer? = try MockServer()
            weakServer = server
            let port = try #require(server?.port)
            #expect(throws: POSIXError.self) { try ClosedPort(binding: port) }

            // When the last reference goes
            server = nil

            // Then the server is gone and so is its listener
            #expect(weakServer == nil)
            expectNothingListens(on: port)
        }

        /// Checks that no socket listens on `port` any more by binding it, which fails while one does. Connecting
        /// instead could reach a server that a test running in parallel started on the freed port.
        /// Expects the port to be free. A server of a test running in parallel may have been given the port the
        /// moment it was freed, and holds it only while that test runs: binding is retried for up to 10 s (a
        /// bound), so only a socket that keeps listening fails.
        private func expectNothingListens(on port: Int, sourceLocation: SourceLocation = #_sourceLocation) {
            let deadline = ContinuousClock.now + .seconds(10)
            var lastError: (any Error)?
            repeat {
                do {
                    _ = try ClosedPort(binding: port)
                    return
                } catch {
                    lastError = error
                    Thread.sleep(forTimeInterval: 0.05)
                }
            } while ContinuousClock.now < deadline
            Issue.record(
                "a socket still listens on port \(port): \(lastError.map { "\($0)" } ?? "")",
                sourceLocation: sourceLocation)
        }
    }
}

/// Carries a client between threads in a test; only one thread uses it at a time.
final class TestHTTPClientBox: @unchecked Sendable {
    let client: TestHTTPClient

    init(_ client: TestHTTPClient) {
        self.client = client
    }
}
