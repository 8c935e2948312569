import Foundation
import Glibc
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer WebSocket lifecycle", .timeLimit(.minutes(1)))
    struct MockWebSocketLifecycleTests {
        @Test func abortEndsTheStreamWithoutACloseFrame() async throws {
            // Given a handler that sends a message and aborts
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws") { peer in
                _ = peer.send(.text("last words"))
                peer.abort()
            }

            // When
            let (message, rest) = try await onThread { () -> (WebSocketMessage, Data) in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                return (try client.readMessage(), try client.connection.readToEnd())
            }

            // Then the stream ends right after the message, with no close frame
            #expect(message == .text("last words"))
            #expect(rest.isEmpty)
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())
            #expect(session.framesSent == 1)
        }

        @Test(arguments: ["receive", "silence", "waitForPong"])
        func shutdownEndsAHandlerThatWaits(wait: String) async throws {
            // Given a handler that waits 30 s in `wait`, and a client connected to it
            let server = try MockServer()
            let returned = Locked<Date?>(nil)
            server.webSocket("/ws") { peer in
                switch wait {
                case "receive": _ = peer.receive(timeout: 30)
                case "silence": peer.silence(for: 30)
                default: _ = peer.waitForPong(timeout: 30)
                }
                returned.withLock { $0 = Date() }
            }
            let client = try await onThread { () -> RawWebSocketClient in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                return client
            }
            _ = try await server.waitForWebSocketSessions(1)
            try await Task.sleep(for: .milliseconds(100))

            // When
            let start = Date()
            let elapsed = measure { server.shutdown() }

            // Then the handler returned and the server stopped well within its 10 s stop timeout (about 0.1 s
            // unloaded), and the client sees the connection end
            #expect(elapsed < 3, "\(wait)")
            #expect(try #require(returned.withLock { $0 }).timeIntervalSince(start) < 3)
            _ = try await onThread { try client.connection.readToEnd() }
            #expect(server.webSocketSessions.first?.isOpen == false)
        }

        @Test func messagesSentBeforeTheClientsCloseAreStillReceived() async throws {
            // Given a handler that is busy while the client sends a message, its close and the end of its
            // stream, then waits for a pong that never comes
            let server = try MockServer()
            defer { server.shutdown() }
            let outcome = Locked<(pong: Data?, seconds: TimeInterval, messages: [WebSocketMessage?])?>(nil)
            server.webSocket("/ws") { peer in
                peer.silence(for: 0.3)
                let start = Date()
                let pong = peer.waitForPong(timeout: 10)
                let seconds = Date().timeIntervalSince(start)
                outcome.withLock { $0 = (pong, seconds, [peer.receive(timeout: 5), peer.receive(timeout: 5)]) }
            }

            // When
            let close = try await onThread { () -> RawWebSocketClient.Frame in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                try client.sendText("before closing")
                try client.sendClose(code: 1001)
                _ = Glibc.shutdown(client.connection.fd, Int32(SHUT_WR))  // the end of stream, readable at once
                return try client.readFrame()
            }
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())

            // Then the wait for the pong ends at the client's close (held back until the message is taken: well
            // under its 10 s timeout), the message comes first, and the client's close is answered
            let result = try #require(outcome.withLock { $0 })
            #expect(result.pong == nil)
            #expect(result.seconds < 3)
            #expect(result.messages == [.text("before closing"), nil])
            #expect(close.closeCode == 1001)
            #expect(session.closeCode == 1001)
        }

        @Test func shutdownReleasesAHandlerThatCapturesTheServer() throws {
            // Given
            weak var weakServer: MockServer?
            do {
                let server = try MockServer()
                server.webSocket("/ws") { _ in _ = server.requestCount }
                weakServer = server

                // When
                server.shutdown()
            }

            // Then
            #expect(weakServer == nil)
        }

        @Test func waitForWebSocketSessionsTimesOut() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws")

            // When / Then
            let error = await #expect(throws: MockServerError.self) {
                try await server.waitForWebSocketSessions(1, timeout: 0.2)
            }
            #expect(error?.code == .timeout)
        }
    }
}
