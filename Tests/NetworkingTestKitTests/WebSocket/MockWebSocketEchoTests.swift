import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer WebSocket echo", .timeLimit(.minutes(1)))
    struct MockWebSocketEchoTests {
        @Test(arguments: [
            WebSocketMessage.text("hello"), .text(""), .text("grüße 👋"), .binary(Data([0, 1, 2, 255])),
            .binary(Data()), .binary(Data(repeating: 7, count: 70_000)), .text(String(repeating: "a", count: 300)),
        ])
        func echoSendsEveryMessageBackWithItsType(message: WebSocketMessage) async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When
            let echoed = try await onThread {
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade("/echo")
                switch message {
                case .text(let text): try client.sendText(text)
                case .binary(let data): try client.sendBinary([UInt8](data))
                }
                return try client.readMessage()
            }

            // Then
            #expect(echoed == message)
            #expect(server.webSocketSessions.first?.messagesReceived == [message])
        }

        @Test func aFragmentedMessageIsEchoedWhole() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When the client sends "frag" "men" "ted" as a text frame and two continuations
            let echoed = try await onThread {
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade("/echo")
                try client.send(opcode: 0x1, Array("frag".utf8), fin: false)
                try client.send(opcode: 0x0, Array("men".utf8), fin: false)
                try client.send(opcode: 0x0, Array("ted".utf8))
                return try client.readMessage()
            }

            // Then
            #expect(echoed == .text("fragmented"))
            let session = try #require(server.webSocketSessions.first)
            #expect(session.messagesReceived == [.text("fragmented")])
            #expect(session.framesReceived == 3)
        }

        @Test func framesSentWithTheUpgradeRequestAreRead() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When the first frames travel in the same write as the upgrade request
            let frames =
                RawWebSocketClient.frame(opcode: 0x1, payload: Array("early".utf8))
                + RawWebSocketClient.frame(opcode: 0x2, payload: [9, 9])
            let echoed = try await onThread {
                let client = try RawWebSocketClient(port: server.port)
                let response = try client.upgrade("/echo", then: frames)
                return (response.status, try client.readMessage(), try client.readMessage())
            }

            // Then
            #expect(echoed.0 == 101)
            #expect(echoed.1 == .text("early"))
            #expect(echoed.2 == .binary(Data([9, 9])))
            #expect(server.webSocketSessions.first?.bytesReceived == frames.count)
        }

        @Test func sendWithFragmentSizeSplitsTheMessageIntoContinuationFrames() async throws {
            // Given a handler that sends 10 bytes of text in frames of at most 4
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws") { peer in
                _ = peer.send(.text("0123456789"), fragmentSize: 4)
                _ = peer.receive()
            }

            // When
            let frames = try await onThread {
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade()
                let frames = try (0..<3).map { _ in try client.readFrame() }
                try client.sendClose()
                return frames
            }

            // Then
            #expect(frames.map(\.opcode) == [0x1, 0x0, 0x0])
            #expect(frames.map(\.fin) == [false, false, true])
            #expect(frames.map(\.text) == ["0123", "4567", "89"])
            #expect(frames.allSatisfy { !$0.masked })
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())
            #expect(session.framesSent == 4)  // three fragments and the close reply
        }

        @Test func echoKeepsUpWithManyRoundTrips() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/echo")

            // When 2,000 messages make the round trip one after the other
            let (echoedAll, seconds) = try await onThread { () -> (Bool, TimeInterval) in
                let client = try RawWebSocketClient(port: server.port)
                try client.upgrade("/echo")
                var echoedAll = true
                let seconds = try measure {
                    for index in 0..<2000 {
                        try client.sendText("message \(index)")
                        echoedAll = try client.readMessage() == .text("message \(index)") && echoedAll
                    }
                }
                return (echoedAll, seconds)
            }

            // Then (a bound many times what it takes, for loaded machines and sanitizers: about 0.2 s unloaded)
            #expect(echoedAll)
            #expect(seconds < 20)
            #expect(server.webSocketSessions.first?.messagesReceived.count == 2000)
        }
    }
}
