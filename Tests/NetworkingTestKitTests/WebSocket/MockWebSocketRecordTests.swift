import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer WebSocket records", .timeLimit(.minutes(1)))
    struct MockWebSocketRecordTests {
        @Test func sessionsCountFramesBytesAndTheClientsClose() async throws {
            // Given an echo server
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When the client sends a text, a binary, a ping and its close in one go, then reads everything
            let (frames, sent, received) = try await onThread { () -> ([RawWebSocketClient.Frame], Int, Int) in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade("/echo")
                try client.sendRaw(
                    RawWebSocketClient.frame(opcode: 0x1, payload: Array("hello".utf8))
                        + RawWebSocketClient.frame(opcode: 0x2, payload: [1, 2, 3])
                        + RawWebSocketClient.frame(opcode: 0x9, payload: Array("p".utf8))
                        + RawWebSocketClient.frame(opcode: 0x8, payload: [0x03, 0xE8] + Array("bye".utf8)))
                var frames: [RawWebSocketClient.Frame] = []
                var received = 0
                repeat {
                    let frame = try client.readFrame()
                    frames.append(frame)
                    received += 2 + frame.payload.count  // every frame here is short and unmasked
                } while frames.last?.opcode != 0x8
                try client.expectEndOfStream()
                return (frames, client.bytesSent, received)
            }
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())

            // Then the messages were echoed before the close reply (the pong may come first), which carries the
            // client's code and reason back
            let data = frames.filter { $0.opcode < 0x8 }
            #expect(data.map(\.opcode) == [0x1, 0x2])
            #expect(data.map(\.payload) == [Array("hello".utf8), [1, 2, 3]])
            #expect(frames.filter { $0.opcode == 0xA }.map(\.text) == ["p"])
            #expect(frames.last?.closeCode == 1000)
            #expect(frames.last?.closeReason == "bye")
            // And the session recorded it all
            #expect(session.accepted)
            #expect(session.messagesReceived == [.text("hello"), .binary(Data([1, 2, 3]))])
            #expect(session.framesReceived == 4)
            #expect(session.unmaskedFramesReceived == 0)
            #expect(session.pingsReceived == 1)
            #expect(session.pongsReceived == 0)
            #expect(session.bytesReceived == sent)
            #expect(session.closeCode == 1000)
            #expect(session.closeReason == "bye")
            #expect(session.framesSent == 4)
            #expect(session.bytesSent == received)
            #expect(!session.isOpen)
        }

        @Test func anUnmaskedFrameIsCountedAndAnsweredWithClose1002() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When the client sends an unmasked text frame
            let close = try await onThread { () -> RawWebSocketClient.Frame in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade("/echo")
                try client.send(opcode: 0x1, Array("bare".utf8), masked: false)
                let close = try client.readFrame()
                try client.expectEndOfStream()
                return close
            }
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())

            // Then
            #expect(close.opcode == 0x8)
            #expect(close.closeCode == 1002)
            #expect(session.unmaskedFramesReceived == 1)
            #expect(session.framesReceived == 1)
            #expect(session.messagesReceived.isEmpty)
        }

        @Test func pingWaitsForTheClientsPong() async throws {
            // Given a handler that pings and waits for the pong
            let server = try MockServer()
            defer { server.shutdown() }
            let pong = Locked<Data?>(nil)
            server.webSocket("/ws") { peer in
                guard peer.ping(Data("are you there".utf8)) else { return }
                pong.withLock { $0 = peer.waitForPong() }
                _ = peer.receive()
            }

            // When the client answers the ping with a pong, then closes
            let ping = try await onThread { () -> RawWebSocketClient.Frame in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                let ping = try client.readFrame()
                try client.send(opcode: 0xA, ping.payload)
                try client.sendClose()
                _ = try client.readFrame()
                return ping
            }
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())

            // Then
            #expect(ping.opcode == 0x9)
            #expect(ping.text == "are you there")
            #expect(pong.withLock { $0 } == Data("are you there".utf8))
            #expect(session.pongsReceived == 1)
        }

        @Test func closeFromTheServerSendsItsCodeAndWaitsForTheReply() async throws {
            // Given a handler that closes with 4000 "done"
            let server = try MockServer()
            defer { server.shutdown() }
            let replied = Locked<Bool?>(nil)
            server.webSocket("/ws") { peer in
                replied.withLock { $0 = peer.close(code: 4000, reason: "done") }
            }

            // When the client answers the close
            let close = try await onThread { () -> RawWebSocketClient.Frame in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                let close = try client.readFrame()
                try client.sendClose(code: 4000)
                try client.expectEndOfStream()
                return close
            }
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())

            // Then
            #expect(close.opcode == 0x8)
            #expect(close.closeCode == 4000)
            #expect(close.closeReason == "done")
            #expect(replied.withLock { $0 } == true)
            #expect(session.closeCode == 4000)
        }

        @Test func aHandlerThatReturnsLeavesWithClose1000() async throws {
            // Given a handler that sends one message and returns
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws") { peer in _ = peer.send(.text("only")) }

            // When
            let (message, close) = try await onThread { () -> (WebSocketMessage, RawWebSocketClient.Frame) in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                let message = try client.readMessage()
                let close = try client.readFrame()
                try client.sendClose()
                try client.expectEndOfStream()
                return (message, close)
            }

            // Then
            #expect(message == .text("only"))
            #expect(close.opcode == 0x8)
            #expect(close.closeCode == 1000)
            #expect(try await server.onlyWebSocketSessionOnceClosed()?.framesSent == 2)
        }

        @Test func sendRawWritesTheBytesAsGiven() async throws {
            // Given a handler that writes a text frame holding invalid UTF-8 under a correct header
            let server = try MockServer()
            defer { server.shutdown() }
            let raw: [UInt8] = [0x81, 0x02, 0xC3, 0x28]
            server.webSocket("/ws") { peer in
                _ = peer.sendRaw(Data(raw))
                peer.abort()
            }

            // When
            let bytes = try await onThread { () -> [UInt8] in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                return [UInt8](try client.connection.readToEnd())
            }

            // Then
            #expect(bytes == raw)
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())
            #expect(session.bytesSent == 4)
            #expect(session.framesSent == 0)
        }

        @Test func textWithInvalidUTF8IsAnsweredWithClose1007() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When
            let close = try await onThread { () -> RawWebSocketClient.Frame in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade("/echo")
                try client.send(opcode: 0x1, [0xC3, 0x28])
                return try client.readFrame()
            }

            // Then
            #expect(close.opcode == 0x8)
            #expect(close.closeCode == 1007)
            #expect(try await server.onlyWebSocketSessionOnceClosed()?.messagesReceived.isEmpty == true)
        }
    }
}
