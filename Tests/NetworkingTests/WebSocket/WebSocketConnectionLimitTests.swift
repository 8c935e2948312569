import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("WebSocket and the per-host connection limit", .timeLimit(.minutes(1)))
struct WebSocketConnectionLimitTests {
    @Test("a socket holds a connection: with a limit of 2 HTTP still runs beside it")
    func roomLeft() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket")
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport(maximumConnectionsPerHost: 2)
        let socket = try await WebSocket.connect(
            to: URL(string: "ws://127.0.0.1:\(server.port)/socket")!, timeout: 10, transport: transport
        ).get()

        let response = try await transport.send(HTTPRequest(method: .get, url: server.url("/books"), timeout: 10))

        #expect(response.statusCode == 200)
        await socket.close()
    }

    @Test(
        "with a limit of 1 a request waiting for the socket's connection times out (libcurl alone would wait forever)")
    func pendingRequestTimesOut() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket")
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport(maximumConnectionsPerHost: 1)
        let socket = try await WebSocket.connect(
            to: URL(string: "ws://127.0.0.1:\(server.port)/socket")!, timeout: 10, transport: transport
        ).get()

        let (outcome, seconds) = await TransportFixtures.measure { () -> Result<HTTPResponse, any Error> in
            do {
                return .success(
                    try await transport.send(HTTPRequest(method: .get, url: server.url("/books"), timeout: 1)))
            } catch {
                return .failure(error)
            }
        }

        guard case .failure(RepositoryError.timeout) = outcome else {
            Issue.record("expected .timeout, got \(outcome)")
            return
        }
        #expect(seconds >= 0.9 && seconds < 8)
        #expect(transport.liveTransferCount == 0)
        await socket.close()
        let after = try await transport.send(HTTPRequest(method: .get, url: server.url("/books"), timeout: 10))
        #expect(after.statusCode == 200)
    }

    @Test("with a limit of 1 a second socket waiting for a connection times out too")
    func pendingSocketTimesOut() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket")
        let transport = CurlTransport(maximumConnectionsPerHost: 1)
        let url = URL(string: "ws://127.0.0.1:\(server.port)/socket")!
        let first = try await WebSocket.connect(to: url, timeout: 10, transport: transport).get()

        let (second, seconds) = await TransportFixtures.measure {
            await WebSocket.connect(to: url, timeout: 1, transport: transport)
        }

        guard case .timeout? = second.failure else {
            Issue.record("expected .timeout, got \(second)")
            return
        }
        #expect(seconds >= 0.9 && seconds < 8)
        await first.close()
        #expect(await WebSocketFixtures.eventually { transport.openWebSocketCount == 0 })
    }
}
