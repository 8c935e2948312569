import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("WebSocket pinning", .timeLimit(.minutes(1)))
struct WebSocketPinningTests {
    @Test("wss pinned to the server's certificate opens and echoes")
    func rightPin() async throws {
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        server.webSocket("/socket")

        let socket = try await WebSocketFixtures.connect(server, pinning: .certificates([certificate.der]))
        _ = await socket.send(.text("over TLS"))

        #expect(try await WebSocketFixtures.read(1, from: socket) == [.text("over TLS")])
        #expect(server.handshakeCount == 1)
        await socket.close()
    }

    @Test("an impostor: pinningFailure naming both pins, and not one byte of the upgrade after the handshake")
    func impostorReceivesNothing() async throws {
        // Given an impostor serving another certificate, and a repository pinned to the real one with a token
        let real = try TransportFixtures.certificate()
        let impostorCertificate = try TransportFixtures.certificate()
        let impostor = try MockServer(tls: impostorCertificate)
        defer { impostor.shutdown() }
        impostor.webSocket("/socket")
        let session = SessionManager()
        await session.login(token: "Bearer secret-token")
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(impostor, pins: .certificates([real.der])),
            sessionManager: session, transport: CurlTransport())

        // When a socket is opened through it
        let result = await repository.openWebSocket(path: "socket")

        // Then the pins did not match, and the impostor read no byte of the upgrade (no token leaked)
        guard case .pinningFailure(let failure)? = result.failure else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(failure.servedPins == [impostorCertificate.spkiPin])
        #expect(failure.expectedPins == [real.spkiPin])
        #expect(impostor.connectionCount == 1)
        #expect(impostor.bytesReceived == 0)
        #expect(impostor.requestCount == 0)
        #expect(impostor.webSocketSessions.isEmpty)
    }

    @Test("pins on a ws URL: pinningFailure before any connection")
    func pinsNeedWSS() async throws {
        let certificate = try TransportFixtures.certificate()
        let server = try WebSocketFixtures.echoServer()
        defer { server.shutdown() }

        let result = await WebSocket.connect(
            to: WebSocketFixtures.url(server), pinning: .certificates([certificate.der]))

        guard case .pinningFailure? = result.failure else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(server.connectionCount == 0)
    }

    @Test("an unpinned wss to a self-signed server fails verification (no silent trust)")
    func unpinnedSelfSignedFails() async throws {
        let server = try MockServer(tls: TransportFixtures.certificate())
        defer { server.shutdown() }
        server.webSocket("/socket")

        let result = await WebSocket.connect(to: WebSocketFixtures.url(server, host: "localhost"), timeout: 10)

        #expect(WebSocketFixtures.transportError(result.failure)?.code == .tlsHandshakeFailed)
        #expect(server.bytesReceived == 0)
    }
}
