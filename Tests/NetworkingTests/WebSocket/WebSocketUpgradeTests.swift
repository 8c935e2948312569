import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("WebSocket upgrade handshake", .timeLimit(.minutes(1)))
struct WebSocketUpgradeTests {
    @Test("the upgrade request carries a fresh key, version 13, the offered protocols and extra headers")
    func upgradeRequest() async throws {
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }

        let socket = try await WebSocket.connect(
            to: WebSocketFixtures.url(server, "/socket?room=7"), headers: ["X-Client": "tests"],
            protocols: ["chat.v2", "chat.v1"]
        ).get()

        let request = try #require(server.webSocketSessions.first?.request)
        #expect(request.path == "/socket")
        #expect(request.query == "room=7")
        #expect(request.headers["Upgrade"]?.lowercased() == "websocket")
        #expect(request.headers["Sec-WebSocket-Version"] == "13")
        #expect(Data(base64Encoded: request.headers["Sec-WebSocket-Key"] ?? "")?.count == 16)
        #expect(request.headers["Sec-WebSocket-Protocol"] == "chat.v2, chat.v1")
        #expect(request.headers["X-Client"] == "tests")
        #expect(request.headers["User-Agent"]?.hasPrefix("Networking/") == true)
        #expect(socket.selectedProtocol == nil)
        await socket.close()
    }

    @Test("the server's choice among the offered protocols is selectedProtocol")
    func protocolSelection() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket", upgrade: .acceptFirst(of: ["chat.v1"]))

        let socket = try await WebSocketFixtures.connect(server, protocols: ["chat.v2", "chat.v1"])

        #expect(socket.selectedProtocol == "chat.v1")
        await socket.close()
    }

    @Test("refused answers: 401, 404 with its body, 200 without upgrade, a wrong accept, an unoffered protocol")
    func refusals() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/unauthorized", upgrade: .refuse(MockResponse(status: 401, json: #"{"error": "token"}"#)))
        server.webSocket("/missing", upgrade: .refuse(MockResponse(status: 404, text: "no such feed")))
        server.webSocket("/plain", upgrade: .refuse(MockResponse(status: 200, json: "{}")))
        server.webSocket("/wrong-accept", upgrade: .wrongAcceptKey)
        server.webSocket("/unoffered", upgrade: .accept(protocol: "mqtt"))

        let unauthorized = await WebSocket.connect(to: WebSocketFixtures.url(server, "/unauthorized"))
        let missing = await WebSocket.connect(to: WebSocketFixtures.url(server, "/missing"))
        let plain = await WebSocket.connect(to: WebSocketFixtures.url(server, "/plain"))
        let wrongAccept = await WebSocket.connect(to: WebSocketFixtures.url(server, "/wrong-accept"))
        let unoffered = await WebSocket.connect(to: WebSocketFixtures.url(server, "/unoffered"), protocols: ["chat"])

        guard case .unauthenticatedSession(let response?)? = unauthorized.failure else {
            Issue.record("401: \(unauthorized)")
            return
        }
        #expect(response.statusCode == 401)
        guard case .requestError(let notFound)? = missing.failure else {
            Issue.record("404: \(missing)")
            return
        }
        #expect(notFound.statusCode == 404)
        #expect(String(decoding: notFound.body, as: UTF8.self) == "no such feed")
        guard case .requestError(let ok)? = plain.failure else {
            Issue.record("200: \(plain)")
            return
        }
        #expect(ok.statusCode == 200)
        #expect(WebSocketFixtures.transportError(wrongAccept.failure)?.message.contains("Sec-WebSocket-Accept") == true)
        #expect(WebSocketFixtures.transportError(unoffered.failure)?.message.contains("\"mqtt\"") == true)
    }

    @Test("a server that never answers the upgrade: .timeout within the bound")
    func noAnswer() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket", upgrade: .noAnswer)

        let (result, seconds) = await TransportFixtures.measure {
            await WebSocket.connect(to: WebSocketFixtures.url(server), timeout: 1)
        }

        guard case .timeout? = result.failure else {
            Issue.record("expected .timeout, got \(result)")
            return
        }
        #expect(seconds >= 0.9 && seconds < 8)
    }

    @Test("a closed port is connectionRefused; a URL that is not ws is invalidURL; a reserved header is refused")
    func badInput() async throws {
        let server = try MockServer()
        let port = server.port
        server.shutdown()

        let refused = await WebSocket.connect(to: URL(string: "ws://127.0.0.1:\(port)/socket")!, timeout: 5)
        let ftp = await WebSocket.connect(to: URL(string: "ftp://127.0.0.1/socket")!)
        let reserved = await WebSocket.connect(
            to: URL(string: "ws://127.0.0.1:\(port)/socket")!, headers: ["Sec-WebSocket-Key": "x"])
        let lineBreak = await WebSocket.connect(
            to: URL(string: "ws://127.0.0.1:\(port)/socket")!, headers: ["X-Evil": "a\r\nInjected: 1"])
        let badProtocol = await WebSocket.connect(
            to: URL(string: "ws://127.0.0.1:\(port)/socket")!, protocols: ["two words"])

        #expect(WebSocketFixtures.transportError(refused.failure)?.code == .connectionRefused)
        guard case .invalidURL? = ftp.failure else {
            Issue.record("ftp: \(ftp)")
            return
        }
        for result in [reserved, lineBreak, badProtocol] {
            guard case .invalidParameters? = result.failure else {
                Issue.record("expected invalidParameters, got \(result)")
                continue
            }
        }
    }

    @Test("cancelling the opening task ends it promptly with .cancelled")
    func cancelledOpening() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.webSocket("/socket", upgrade: .noAnswer)
        let opening = Task { await WebSocket.connect(to: WebSocketFixtures.url(server), timeout: 30) }
        _ = try await server.waitForWebSocketSessions(1)

        let (result, seconds) = await TransportFixtures.measure { () -> Result<WebSocket, RepositoryError> in
            opening.cancel()
            return await opening.value
        }

        guard case .cancelled? = result.failure else {
            Issue.record("expected .cancelled, got \(result)")
            return
        }
        #expect(seconds < 5)
    }
}
