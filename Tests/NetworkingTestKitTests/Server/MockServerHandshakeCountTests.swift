import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    @Suite("MockServer handshake counters", .timeLimit(.minutes(1)))
    struct MockServerHandshakeCountTests {
        @Test func aPinnedClientCompletesOneHandshakeForItsKeptAliveConnection() async throws {
            // Given a TLS server and a transport pinned to its certificate
            let certificate = try TransportFixtures.certificate()
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
            let transport = CurlTransport()
            let pins = PinnedCertificates.certificates([certificate.der])

            // When two requests are sent one after the other
            for _ in 0..<2 {
                let response = try await transport.send(TransportFixtures.request(server, "/secure", pinning: pins))
                #expect(response.statusCode == 200)
            }

            // Then one connection carried both, after one handshake, and none failed
            #expect(server.connectionCount == 1)
            #expect(server.handshakeCount == 1)
            #expect(server.failedHandshakeCount == 0)
        }

        @Test func aClientPinnedToAnotherCertificateRefusesTheHandshake() async throws {
            // Given a TLS server and a transport pinned to another certificate
            let server = try MockServer(tls: try TransportFixtures.certificate())
            defer { server.shutdown() }
            let other = try TransportFixtures.certificate()
            let transport = CurlTransport()

            // When a request is sent
            let outcome = await TransportFixtures.outcome {
                try await transport.send(
                    TransportFixtures.request(server, "/secure", pinning: .certificates([other.der])))
            }

            // Then the client refused the certificate, and the server counts a failed handshake and no request
            #expect(throws: PinningFailure.self) { try outcome.get() }
            #expect(await TransportFixtures.eventually { server.failedHandshakeCount == 1 })
            #expect(server.handshakeCount == 0)
            #expect(server.requestCount == 0)
        }

        @Test func aGoodAndARefusedHandshakeAreCountedApart() async throws {
            // Given a TLS server, a client that trusts its certificate and one that trusts another
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 204) }
            let stranger = try TestCertificate.selfSigned(commonName: "localhost")

            // When each connects
            let (status, refused) = try await onThread { () -> (Int, Bool) in
                let trusting = try TestHTTPClient(port: server.port)
                try trusting.startTLS(trusting: certificate)
                let status = try trusting.request("/").status
                let distrusting = try TestHTTPClient(port: server.port)
                let refused = (try? distrusting.startTLS(trusting: stranger)) == nil
                return (status, refused)
            }

            // Then one handshake completed and one failed
            #expect(status == 204)
            #expect(refused)
            #expect(await TransportFixtures.eventually { server.failedHandshakeCount == 1 })
            #expect(server.handshakeCount == 1)
            #expect(server.connectionCount == 2)
        }

        @Test func plainHTTPCountsNoHandshakes() async throws {
            // Given a plain HTTP server
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200))

            // When a request is answered
            let response = try await CurlTransport().send(TransportFixtures.request(server))

            // Then no handshake was counted either way
            #expect(response.statusCode == 200)
            #expect(server.connectionCount == 1)
            #expect(server.handshakeCount == 0)
            #expect(server.failedHandshakeCount == 0)
        }
    }
}
