import Foundation
import Networking
import NetworkingTestKit
import Testing

/// A copy of the README's "WebSockets" block, so it keeps compiling, run against a MockServer.
extension Readme {
    final class FeedRepository: AbstractRepository, @unchecked Sendable {
        func liveFeed() async -> Result<WebSocket, RepositoryError> {
            await openWebSocket(path: "live", protocols: ["feed.v1"])  // wss://api.example.com/v1/live when https
        }
    }

    static func webSocketExample(_ feed: FeedRepository) async throws -> [String] {
        var printed: [String] = []
        let socket = try await feed.liveFeed().get()
        _ = await socket.send(.text(#"{"subscribe": "books"}"#))
        for try await message in socket.messages {  // ends at a close, throws when the connection fails
            if case .text(let text) = message { printed.append(text) }
        }
        await socket.close(code: 1000, reason: "bye")  // closing handshake, at most 5 s
        return printed
    }
}

@Suite("README WebSocket example", .timeLimit(.minutes(1)))
struct ReadmeWebSocketExamplesTests {
    @Test("the feed example subscribes, prints the pushed messages and ends at the server's close")
    func feed() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/v1/live", upgrade: .acceptFirst(of: ["feed.v1"])) { peer in
            guard peer.receive() == .text(#"{"subscribe": "books"}"#) else { return }
            _ = peer.send(.text("book 1"))
            _ = peer.send(.text("book 2"))
            _ = peer.close(code: 1000, reason: "end of feed")
        }
        let feed = Readme.FeedRepository(
            configuration: NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, subdomainURL: "/v1"))

        let printed = try await Readme.webSocketExample(feed)

        #expect(printed == ["book 1", "book 2"])
        #expect(server.webSocketSessions.first?.request.headers["Sec-WebSocket-Protocol"] == "feed.v1")
    }
}
