import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("WebSocket messages, pings and closes", .timeLimit(.minutes(1)))
struct WebSocketMessagingTests {
    @Test("text, binary, empty and large messages come back from an echo server in order")
    func echo() async throws {
        // Given an echo server and an open socket
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let socket = try await WebSocketFixtures.connect(server)
        let large = Data((0..<1_000_000).map { UInt8($0 % 251) })
        let sent: [WebSocketMessage] = [
            .text("hello"), .binary(Data([0, 1, 2, 255])), .text(""), .binary(Data()), .text("héllo wörld ✓"),
            .binary(large),
        ]

        // When each is sent
        for message in sent {
            #expect(await socket.send(message).success != nil)
        }

        // Then each comes back whole and in order, and the server saw masked frames only
        #expect(try await WebSocketFixtures.read(sent.count, from: socket) == sent)
        let session = try #require(server.webSocketSessions.first)
        #expect(session.messagesReceived == sent)
        #expect(session.unmaskedFramesReceived == 0)
        await socket.close()
    }

    @Test("fragmented messages from the server are reassembled")
    func fragmented() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        let text = String(repeating: "fragmenté ", count: 500)
        server.webSocket("/socket") { peer in
            _ = peer.send(.text(text), fragmentSize: 7)
            _ = peer.send(.binary(Data(repeating: 9, count: 10_000)), fragmentSize: 1000)
            _ = peer.receive()
        }
        let socket = try await WebSocketFixtures.connect(server)

        let messages = try await WebSocketFixtures.read(2, from: socket)

        #expect(messages == [.text(text), .binary(Data(repeating: 9, count: 10_000))])
        await socket.close()
    }

    @Test("messages that arrive before messages is read are kept")
    func keptBeforeReading() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            for index in 0..<50 {
                _ = peer.send(.text("early \(index)"))
            }
            _ = peer.receive()
        }
        let socket = try await WebSocketFixtures.connect(server)
        #expect(await WebSocketFixtures.eventually { (server.webSocketSessions.first?.framesSent ?? 0) >= 50 })
        try await Task.sleep(for: .milliseconds(100))

        let messages = try await WebSocketFixtures.read(50, from: socket)

        #expect(messages == (0..<50).map { .text("early \($0)") })
        await socket.close()
    }

    @Test("the server's close ends messages normally with its code and reason")
    func serverClose() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            _ = peer.send(.text("last words"))
            _ = peer.close(code: 4001, reason: "shutting down")
        }
        let socket = try await WebSocketFixtures.connect(server)

        let (messages, error) = await WebSocketFixtures.drain(socket)

        #expect(messages == [.text("last words")])
        #expect(error == nil)
        #expect(socket.closeCode == 4001)
        #expect(socket.closeReason == "shutting down")
        let sendAfter = await socket.send(.text("too late"))
        #expect(WebSocketFixtures.transportError(sendAfter.failure)?.code == .connectionLost)
    }

    @Test("close(code:reason:) runs the closing handshake: the server records the code and reason")
    func clientClose() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let socket = try await WebSocketFixtures.connect(server)

        await socket.close(code: 4100, reason: "client done")

        #expect(socket.closeCode == 4100)  // the server echoes the code
        let (_, error) = await WebSocketFixtures.drain(socket)
        #expect(error == nil)
        #expect(await WebSocketFixtures.eventually { server.webSocketSessions.first?.isOpen == false })
        let session = try #require(server.webSocketSessions.first)
        #expect(session.closeCode == 4100)
        #expect(session.closeReason == "client done")
    }

    @Test("a ping returns when the pong arrives; the server's pings are answered")
    func pingsBothWays() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        let pong = Locked<Data?>(nil)
        server.webSocket("/socket") { peer in
            _ = peer.receive()  // answers the client's ping meanwhile; ends at the "ping me" message
            _ = peer.ping(Data("server-ping".utf8))
            pong.withLock { $0 = peer.waitForPong() }
            _ = peer.send(.text("ponged"))
            _ = peer.receive()
        }
        let socket = try await WebSocketFixtures.connect(server)

        #expect(await socket.ping().success != nil)
        _ = await socket.send(.text("ping me"))

        #expect(try await WebSocketFixtures.read(1, from: socket) == [.text("ponged")])
        #expect(pong.withLock { $0 } == Data("server-ping".utf8))
        let session = try #require(server.webSocketSessions.first)
        #expect(session.pingsReceived == 1)
        #expect(session.pongsReceived == 1)
        await socket.close()
    }

    @Test("a peer that stops answering: ping fails with .timeout and messages throws it")
    func silentPeer() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in peer.silence(for: 20) }
        let socket = try await WebSocketFixtures.connect(server, timeout: 1)

        let (result, seconds) = await TransportFixtures.measure { await socket.ping() }

        guard case .timeout? = result.failure else {
            Issue.record("expected .timeout, got \(result)")
            return
        }
        #expect(seconds >= 0.9 && seconds < 8)
        let (_, error) = await WebSocketFixtures.drain(socket)
        guard case .timeout? = error as? RepositoryError else {
            Issue.record("expected messages to throw .timeout, got \(String(describing: error))")
            return
        }
    }

    @Test("a connection dropped without a close frame makes messages throw connectionLost")
    func abortedConnection() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            _ = peer.send(.text("before"))
            peer.abort()
        }
        let socket = try await WebSocketFixtures.connect(server)

        let (messages, error) = await WebSocketFixtures.drain(socket)

        #expect(messages == [.text("before")])
        #expect(WebSocketFixtures.transportError(error)?.code == .connectionLost)
        #expect(socket.closeCode == nil)
    }

    @Test("invalid UTF-8 text from the server fails the connection with 1007")
    func invalidUTF8() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            // An unmasked text frame (FIN, opcode 1) of 2 bytes that are not UTF-8.
            _ = peer.sendRaw(Data([0x81, 0x02, 0xC3, 0x28]))
            _ = peer.receive()
        }
        let socket = try await WebSocketFixtures.connect(server)

        let (messages, error) = await WebSocketFixtures.drain(socket)

        #expect(messages.isEmpty)
        let transport = try #require(WebSocketFixtures.transportError(error))
        #expect(transport.code == .invalidResponse)
        #expect(transport.message.contains("1007"))
        #expect(await WebSocketFixtures.eventually { server.webSocketSessions.first?.closeCode == 1007 })
    }

    @Test("a frame with reserved bits set is a protocol error: 1002")
    func protocolViolation() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            _ = peer.sendRaw(Data([0xF1, 0x01, 0x41]))  // FIN + RSV1-3, text "A"
            _ = peer.receive()
        }
        let socket = try await WebSocketFixtures.connect(server)

        let (_, error) = await WebSocketFixtures.drain(socket)

        #expect(WebSocketFixtures.transportError(error)?.message.contains("1002") == true)
        #expect(await WebSocketFixtures.eventually { server.webSocketSessions.first?.closeCode == 1002 })
    }

    @Test("a message over maximumMessageSize closes the socket with 1009; one at the limit is delivered")
    func oversizedMessage() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            _ = peer.send(.binary(Data(count: 4096)))
            _ = peer.send(.binary(Data(count: 4097)))
            _ = peer.receive()
        }
        let socket = try await WebSocketFixtures.connect(server, maximumMessageSize: 4096)

        let (messages, error) = await WebSocketFixtures.drain(socket)

        #expect(messages == [.binary(Data(count: 4096))])
        let transport = try #require(WebSocketFixtures.transportError(error))
        #expect(transport.code == .responseTooLarge)
        #expect(await WebSocketFixtures.eventually { server.webSocketSessions.first?.closeCode == 1009 })
    }

    @Test("cancelling a task awaiting messages returns at once; the socket stays open for the next reader")
    func cancelledReader() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let socket = try await WebSocketFixtures.connect(server)
        let reader = Task {
            var iterator = socket.messages.makeAsyncIterator()
            return try await iterator.next()
        }
        try await Task.sleep(for: .milliseconds(100))

        let (outcome, seconds) = await TransportFixtures.measure { () -> Result<WebSocketMessage?, any Error> in
            reader.cancel()
            return await reader.result
        }

        #expect(seconds < 5)
        #expect(outcome.failure is CancellationError)
        _ = await socket.send(.text("still open"))
        #expect(try await WebSocketFixtures.read(1, from: socket) == [.text("still open")])
        await socket.close()
    }

    @Test("a close frame without a code reads as 1005")
    func closeWithoutCode() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket") { peer in
            _ = peer.sendRaw(Data([0x88, 0x00]))  // FIN + close, no payload
            _ = peer.receive(timeout: 2)
        }
        let socket = try await WebSocketFixtures.connect(server)

        let (_, error) = await WebSocketFixtures.drain(socket)

        #expect(error == nil)
        #expect(socket.closeCode == 1005)
        #expect(socket.closeReason == "")
    }
}
