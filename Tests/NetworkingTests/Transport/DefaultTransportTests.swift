import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Default transport", .timeLimit(.minutes(1)))
struct DefaultTransportTests {
    @Test("a repository built with transport: nil uses CurlTransport.shared, and it reaches a real server")
    func nilTransportIsShared() async throws {
        // Given a server and a repository without a transport
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, json: #"{"id": 1, "title": "Dune"}"#))
        let repository = TestRepository(configuration: TransportFixtures.configuration(server, host: "127.0.0.1"))

        // When it performs a request
        let response = try await repository.performRawRequest(method: .get, path: "books/1").get()

        // Then the shared CurlTransport carried it
        #expect((repository.transport as? CurlTransport) === CurlTransport.shared)
        #expect(response.statusCode == 200)
        #expect(server.requestCount == 1)
        // (No check on CurlTransport.shared.liveTransferCount: suites running in parallel share the transport.
        // The in-flight count returning to zero is checked on private transports in CurlTransportTests.)
    }
}
