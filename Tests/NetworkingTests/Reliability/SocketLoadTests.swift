import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension ReliabilityTests {
    @Suite("WebSocket load, back-pressure and leaks", .timeLimit(.minutes(2)))
    struct SocketLoadTests {
        @Test("100 sockets open at once while HTTP requests run on the same transport; all close, nothing leaks")
        func hundredSocketsWithHTTPLoad() async throws {
            // Given an echo server, an HTTP server, and one transport for both
            let sockets = try WebSocketFixtures.echoServer()
            defer { sockets.shutdown() }
            let http = try MockServer()
            defer { http.shutdown() }
            http.dispatcher = { _ in MockResponse(status: 200, json: #"{"ok": true}"#) }
            let transport = CurlTransport()

            // When 100 sockets each echo 5 messages while 300 GETs run
            async let requests: Int = withTaskGroup(of: Int.self) { group in
                for index in 0..<300 {
                    group.addTask {
                        let response = try? await transport.send(
                            HTTPRequest(method: .get, url: http.url("/books/\(index)"), timeout: 30))
                        return response?.statusCode == 200 ? 1 : 0
                    }
                }
                return await group.reduce(0, +)
            }
            let echoed = try await withThrowingTaskGroup(of: Bool.self) { group in
                for index in 0..<100 {
                    group.addTask {
                        let socket = try await WebSocket.connect(
                            to: WebSocketFixtures.url(sockets), timeout: 30, transport: transport
                        ).get()
                        var iterator = socket.messages.makeAsyncIterator()
                        var matched = true
                        for round in 0..<5 {
                            let message = WebSocketMessage.text("socket \(index) round \(round)")
                            _ = await socket.send(message)
                            matched = try await iterator.next() == message && matched
                        }
                        await socket.close()
                        return matched
                    }
                }
                return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
            }

            // Then every echo matched, every request succeeded, and no socket or transfer is left
            #expect(echoed == 100)
            #expect(await requests == 300)
            #expect(await WebSocketFixtures.eventually { transport.openWebSocketCount == 0 })
            #expect(transport.liveTransferCount == 0)
            #expect(sockets.webSocketSessions.count == 100)
        }

        @Test("a consumer that does not read: the socket is not read, the server is slowed, nothing is dropped")
        func backPressure() async throws {
            // Given a server that sends 48 MiB in 8 KiB messages as fast as the client takes them
            let count = 6000
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/socket") { peer in
                for index in 0..<count {
                    var payload = Data(count: 8192)
                    withUnsafeBytes(of: UInt32(index).bigEndian) { payload.replaceSubrange(0..<4, with: $0) }
                    guard peer.send(.binary(payload)) else { return }
                }
                _ = peer.receive(timeout: 30)
            }
            let socket = try await WebSocketFixtures.connect(server, timeout: 30)

            // When nothing is read for a while
            try await Task.sleep(for: .seconds(1))
            let sentWhilePaused = server.webSocketSessions.first?.framesSent ?? 0

            // Then the server is held back well before the end (the inbox holds at most 4 MiB; the rest waits in
            // socket buffers), and reading then gets every message, in order
            #expect(sentWhilePaused < count)
            var expected: UInt32 = 0
            for try await message in socket.messages {
                guard case .binary(let data) = message, data.count == 8192 else {
                    Issue.record("unexpected message \(message)")
                    break
                }
                let index = data.prefix(4).reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
                #expect(index == expected)
                expected += 1
                if expected == count {
                    break
                }
            }
            #expect(expected == UInt32(count))
            await socket.close()
        }

        @Test("a socket dropped without close() is closed with 1001 (going away)")
        func droppedSocketCloses() async throws {
            let server = try WebSocketFixtures.echoServer()
            defer { server.shutdown() }
            let transport = CurlTransport()
            do {
                let socket = try await WebSocket.connect(
                    to: WebSocketFixtures.url(server), timeout: 10, transport: transport
                ).get()
                _ = await socket.send(.text("bye"))
            }

            #expect(await WebSocketFixtures.eventually { server.webSocketSessions.first?.closeCode == 1001 })
            #expect(await WebSocketFixtures.eventually { transport.openWebSocketCount == 0 })
        }
    }
}
