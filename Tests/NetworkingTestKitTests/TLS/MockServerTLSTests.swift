import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer over TLS", .timeLimit(.minutes(1)))
    struct MockServerTLSTests {
        @Test func tlsRoundTripServesTheCertificateAndSpeaksHTTP11() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200, json: #"{"ok": true}"#))

            // When
            let (response, servedDER, alpn) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.startTLS(trusting: certificate)
                return (try client.request("/secure?x=1"), client.peerCertificateDER, client.negotiatedProtocol)
            }
            let recorded = try await server.takeRequest()

            // Then
            #expect(response.status == 200)
            #expect(response.text == #"{"ok": true}"#)
            #expect(servedDER == certificate.der)
            #expect(server.certificateDER == certificate.der)
            #expect(alpn == "http/1.1")
            #expect(recorded.path == "/secure")
            #expect(recorded.query == "x=1")
            #expect(server.baseURL.absoluteString == "https://127.0.0.1:\(server.port)")
        }

        @Test func initAcceptsTheDesignSpelling() throws {
            // Given / When
            let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
            defer { server.shutdown() }

            // Then
            #expect(server.certificate?.commonName == "localhost")
            #expect(server.certificateDER?.isEmpty == false)
        }

        @Test func bytesReceivedCountsDecryptedRequestBytesOnly() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            let request = "GET /count HTTP/1.1\r\nHost: localhost\r\n\r\n"

            // When
            _ = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.startTLS(trusting: certificate)
                try client.send(request)
                return try client.readResponse().status
            }

            // Then
            #expect(server.bytesReceived == request.utf8.count)
        }

        @Test func garbageInsteadOfClientHelloLeavesBytesReceivedAtZero() async throws {
            // Given
            let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
            defer { server.shutdown() }

            // When
            let reply = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET / HTTP/1.1\r\nHost: localhost\r\n\r\n")
                return try client.readToEnd()
            }

            // Then
            #expect(!String(decoding: reply, as: UTF8.self).contains("HTTP/1.1"))
            #expect(server.connectionCount == 1)
            #expect(server.requestCount == 0)
            #expect(server.bytesReceived == 0)
        }

        @Test func clientThatRejectsTheCertificateLeavesBytesReceivedAtZero() async throws {
            // Given
            let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
            defer { server.shutdown() }
            let otherCertificate = try TestCertificate.selfSigned(commonName: "localhost")

            // When a client trusting another certificate fails the handshake, and the server, done with the
            // connection, closes it
            let handshake = try await onThread { () -> Bool in
                let client = try TestHTTPClient(port: server.port)
                let handshake: Bool
                do {
                    try client.startTLS(trusting: otherCertificate)
                    handshake = true
                } catch {
                    handshake = false
                }
                try client.waitForServerToClose()
                return handshake
            }

            // Then
            #expect(handshake == false)
            #expect(server.connectionCount == 1)
            #expect(server.bytesReceived == 0)
            #expect(server.requestCount == 0)
        }

        @Test func curlTrustingTheCertificateGetsTheResponse() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.enqueue(MockResponse(text: "hello curl"))
            let caFile = FileManager.default.temporaryDirectory.appending(path: "mockserver-\(UUID().uuidString).pem")
            try certificate.pem.write(to: caFile, atomically: true, encoding: .utf8)
            defer { try? FileManager.default.removeItem(at: caFile) }

            // When
            let output = try await onThread {
                try runProcess(
                    "/usr/bin/curl",
                    ["-sS", "--max-time", "10", "--cacert", caFile.path, server.baseURL.absoluteString + "/hi"])
            }
            let recorded = try await server.takeRequest()

            // Then
            #expect(output.status == 0)
            #expect(output.standardOutput == "hello curl")
            #expect(recorded.path == "/hi")
            #expect(recorded.version == "HTTP/1.1")
        }

        @Test func twoRequestsOnOneTLSConnection() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.dispatcher = { MockResponse(text: $0.path) }

            // When
            let bodies = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.startTLS(trusting: certificate)
                return [try client.request("/1").text, try client.request("/2").text]
            }

            // Then
            #expect(bodies == ["/1", "/2"])
            #expect(server.connectionCount == 1)
        }
    }
}
