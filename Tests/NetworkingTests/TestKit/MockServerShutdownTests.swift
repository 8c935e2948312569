import Foundation
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer shutdown", .timeLimit(.minutes(1)))
    struct MockServerShutdownTests {
        @Test func shutdownIsIdempotentAndClosesTheListener() async throws {
            // Given
            let server = try MockServer()
            server.enqueue(MockResponse(text: "one"))
            _ = try await onThread { try TestHTTPClient(port: server.port).request("/") }

            // When
            let first = measure { server.shutdown() }
            let second = measure { server.shutdown() }

            // Then
            #expect(first < 2)
            #expect(second < 2)
            #expect(throws: TestClientError.self) { try TestHTTPClient(port: server.port) }
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
            #expect(throws: TestClientError.self) { try TestHTTPClient(port: port) }
        }

        @Test func droppingTheServerShutsItDown() async throws {
            // Given
            var server: MockServer? = try MockServer()
            let port = try #require(server?.port)

            // When
            server = nil

            // Then
            #expect(server == nil)
            #expect(throws: TestClientError.self) { try TestHTTPClient(port: port) }
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
