import Foundation
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@testable import Networking

@Suite("WebSocket on the transport's executor", .timeLimit(.minutes(1)))
struct WebSocketExecutorTests {
    @Test("an echo loop on the executor sends and receives on the loop thread without waking it")
    func echoLoopOnExecutor() async throws {
        // Given an echo server and a socket opened on a transport of its own
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        let transport = CurlTransport()
        let loop = try #require(transport.eventLoop)
        let socket = try await WebSocket.connect(
            to: WebSocketFixtures.url(server), timeout: 10, transport: transport
        ).get()
        let wakeUpsBefore = loop.wakeUpCount

        // When 300 messages make the round trip one after another inside the executor preference
        let (received, everyStepOnLoop) = try await withTaskExecutorPreference(transport.executor) {
            var received: [WebSocketMessage] = []
            var onLoop = true
            var iterator = socket.messages.makeAsyncIterator()
            for index in 0..<300 {
                _ = try await socket.send(.text("message \(index)")).get()
                onLoop = onLoop && loop.isCurrentThread
                if let message = try await iterator.next() {
                    received.append(message)
                }
                onLoop = onLoop && loop.isCurrentThread
            }
            return (received, onLoop)
        }

        // Then every echo came back in order, every step ran on the loop thread, and the loop was woken at most
        // for entering the preference
        #expect(received == (0..<300).map { .text("message \($0)") })
        #expect(everyStepOnLoop)
        #expect(loop.wakeUpCount - wakeUpsBefore <= 3)
        await socket.close()
        #expect(await TransportFixtures.eventually { transport.openWebSocketCount == 0 })
    }

    @Test("a socket read off the executor still gets messages the loop receives while it is busy with jobs")
    func mixedCallers() async throws {
        // Given a socket, and a task on the executor sending HTTP requests in a loop
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport()
        let socket = try await WebSocket.connect(
            to: WebSocketFixtures.url(server), timeout: 10, transport: transport
        ).get()
        let requests = Task {
            try await withTaskExecutorPreference(transport.executor) {
                for _ in 0..<200 {
                    _ = try await transport.send(TransportFixtures.request(server, "/ping"))
                }
            }
        }

        // When another task, off the executor, echoes 100 messages meanwhile
        var received: [WebSocketMessage] = []
        var iterator = socket.messages.makeAsyncIterator()
        for index in 0..<100 {
            _ = try await socket.send(.binary(Data([UInt8(index)]))).get()
            if let message = try await iterator.next() {
                received.append(message)
            }
        }

        // Then both finish, the echoes in order
        try await requests.value
        #expect(received == (0..<100).map { .binary(Data([UInt8($0)])) })
        await socket.close()
    }
}
