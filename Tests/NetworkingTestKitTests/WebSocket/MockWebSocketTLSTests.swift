import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer WebSocket over TLS", .timeLimit(.minutes(1)))
    struct MockWebSocketTLSTests {
        @Test func aTLSServerUpgradesAndEchoes() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.webSocket("/echo")
            let big = Data((0..<200_000).map { UInt8(truncatingIfNeeded: $0 * 7) })

            // When a small text and a message larger than a TLS record make the round trip
            let (status, echoed, sent) = try await onThread { () -> (Int, [WebSocketMessage], Int) in
                let client = try RawWebSocketClient(port: server.port, trusting: certificate)
                let status = try client.upgrade("/echo").status
                try client.sendText("secure")
                let first = try client.readMessage()
                try client.sendBinary([UInt8](big))
                let second = try client.readMessage()
                try client.sendClose()
                _ = try client.readFrame()
                return (status, [first, second], client.bytesSent)
            }
            let session = try #require(try await server.onlyWebSocketSessionOnceClosed())

            // Then
            #expect(status == 101)
            #expect(echoed == [.text("secure"), .binary(big)])
            #expect(session.messagesReceived == [.text("secure"), .binary(big)])
            #expect(session.bytesReceived == sent)
            #expect(session.closeCode == 1000)
            #expect(server.handshakeCount == 1)
        }
    }
}
