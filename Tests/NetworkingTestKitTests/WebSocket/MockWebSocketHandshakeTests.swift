import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer WebSocket handshake", .timeLimit(.minutes(1)))
    struct MockWebSocketHandshakeTests {
        @Test func acceptAnswers101WithTheAcceptKeyOfTheClientsKey() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws")

            // When the RFC 6455 example key is sent
            let response = try await onThread { try RawWebSocketClient(port: server.port).upgrade("/ws?room=1") }
            let sessions = try await server.waitForWebSocketSessions(1)

            // Then the answer is a 101 with the RFC's accept value and no subprotocol
            #expect(response.status == 101)
            #expect(response.headers["Sec-WebSocket-Accept"] == RawWebSocketClient.sampleAccept)
            #expect(response.headers["Upgrade"]?.lowercased() == "websocket")
            #expect(response.headers["Connection"]?.lowercased() == "upgrade")
            #expect(response.headers["Sec-WebSocket-Protocol"] == nil)
            #expect(sessions.count == 1)
            #expect(sessions.first?.accepted == true)
            #expect(sessions.first?.request.path == "/ws")
            #expect(sessions.first?.request.query == "room=1")
            #expect(sessions.first?.request.headers["Sec-WebSocket-Key"] == RawWebSocketClient.sampleKey)
            // And the upgrade request is recorded like any request
            #expect(server.requestCount == 1)
            #expect(try await server.takeRequest().path == "/ws")
        }

        @Test(arguments: [
            ("no key", RawWebSocketClient.upgradeRequest("/ws", key: nil), "no Sec-WebSocket-Key"),
            ("short key", RawWebSocketClient.upgradeRequest("/ws", key: "c2hvcnQ="), "not base64 of 16 bytes"),
            ("version 8", RawWebSocketClient.upgradeRequest("/ws", version: "8"), "only 13 is supported"),
            ("POST", RawWebSocketClient.upgradeRequest("/ws", method: "POST"), "must be a GET"),
        ])
        func invalidUpgradeRequestsAreAnswered400(name: String, request: String, problem: String) async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws")

            // When
            let response = try await onThread {
                let client = try RawWebSocketClient(port: server.port)
                let response = try client.upgrade(request: request)
                try client.connection.waitForServerToClose()
                return response
            }
            let sessions = try await server.waitForWebSocketSessions(1)

            // Then the 400 says what was wrong, and the session is recorded as refused
            #expect(response.status == 400, "\(name)")
            #expect(response.text.contains(problem), "\(name): \(response.text)")
            #expect(response.headers["Sec-WebSocket-Version"] == (name == "version 8" ? "13" : nil))
            #expect(sessions.first?.accepted == false)
            #expect(server.requestCount == 1)
        }

        @Test func refuseAnswersWithTheGivenResponseAndCloses() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let refusal = MockResponse(status: 401, headers: ["WWW-Authenticate": "Bearer"], text: "log in first")
            server.webSocket("/ws", upgrade: .refuse(refusal))

            // When
            let response = try await onThread {
                let client = try RawWebSocketClient(port: server.port)
                let response = try client.upgrade()
                try client.connection.waitForServerToClose()
                return response
            }

            // Then
            #expect(response.status == 401)
            #expect(response.headers["WWW-Authenticate"] == "Bearer")
            #expect(response.text == "log in first")
            #expect(server.webSocketSessions.first?.accepted == false)
        }

        @Test func wrongAcceptKeyAnswers101WithAWellFormedButWrongAcceptValue() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws", upgrade: .wrongAcceptKey)

            // When
            let response = try await onThread { try RawWebSocketClient(port: server.port).upgrade() }

            // Then
            let accept = try #require(response.headers["Sec-WebSocket-Accept"])
            #expect(response.status == 101)
            #expect(accept != RawWebSocketClient.sampleAccept)
            #expect(Data(base64Encoded: accept)?.count == 20)
        }

        @Test(
            arguments: [
                (["chat.v2", "chat.v1"], ["chat.v1", "chat.v2"], "chat.v2"),
                (["chat.v3", "chat.v1"], ["chat.v1", "chat.v2"], "chat.v1"),
                (["other"], ["chat.v1"], nil),
                ([], ["chat.v1"], nil),
            ] as [([String], [String], String?)])
        func acceptFirstSelectsTheFirstOfferedProtocolThatIsSupported(
            offered: [String], supported: [String], expected: String?
        ) async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws", upgrade: .acceptFirst(of: supported))

            // When
            let response = try await onThread {
                try RawWebSocketClient(port: server.port).upgrade(protocols: offered)
            }

            // Then
            #expect(response.status == 101)
            #expect(response.headers["Sec-WebSocket-Protocol"] == expected)
        }

        @Test func acceptSendsTheGivenProtocolEvenWhenNotOffered() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws", upgrade: .accept(protocol: "never.offered"))

            // When
            let response = try await onThread { try RawWebSocketClient(port: server.port).upgrade(protocols: ["a"]) }

            // Then
            #expect(response.status == 101)
            #expect(response.headers["Sec-WebSocket-Protocol"] == "never.offered")
        }

        @Test func noAnswerReadsTheRequestAndNeverAnswers() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws", upgrade: .noAnswer)

            // When the client waits a second for an answer
            let outcome = try await onThread { () -> String in
                let client = try RawWebSocketClient(port: server.port, timeout: 1)
                do {
                    return "answered \(try client.upgrade().status)"
                } catch {
                    return "\(error)"
                }
            }

            // Then none came, and the request was recorded
            #expect(outcome == "read timed out")
            #expect(server.webSocketSessions.first?.accepted == false)
            #expect(server.requestCount == 1)
        }

        @Test func requestsWithoutUpgradeToAWebSocketPathAreAnsweredAsUsual() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.webSocket("/ws")
            server.enqueue(MockResponse(status: 200, text: "plain"))

            // When
            let response = try await onThread { try TestHTTPClient(port: server.port).request("/ws") }

            // Then
            #expect(response.status == 200)
            #expect(response.text == "plain")
            #expect(server.webSocketSessions.isEmpty)
        }
    }
}
