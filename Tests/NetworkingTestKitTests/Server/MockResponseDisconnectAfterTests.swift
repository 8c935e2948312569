import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockResponse.Fault.disconnectAfterBodyBytes", .timeLimit(.minutes(2)))
    struct MockResponseDisconnectAfterTests {
        @Test("a given body: the full length announced, exactly N bytes sent", arguments: [0, 1, 999, 1000, 5000])
        func givenBody(count: Int) async throws {
            // Given a 1000-byte body cut after `count` bytes
            let server = try MockServer()
            defer { server.shutdown() }
            let body = MockResponse.generatedBody(size: 1000)
            server.enqueue(MockResponse(body: body).failing(.disconnectAfterBodyBytes(count)))

            // When a client reads until the server closes
            let received = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                return try client.readToEnd()
            }

            // Then it saw the full Content-Length and exactly min(count, 1000) body bytes
            let headEnd = try #require(received.firstRange(of: Data("\r\n\r\n".utf8)))
            let head = String(decoding: received[..<headEnd.lowerBound], as: UTF8.self)
            #expect(head.contains("Content-Length: 1000\r\n"))
            #expect(head.contains("Connection: close"))
            #expect(Data(received[headEnd.upperBound...]) == body.prefix(count))
        }

        @Test("a generated body is cut after exactly N bytes", arguments: [false, true])
        func generatedBody(chunked: Bool) async throws {
            // Given 10 MB cut after 1,234,567 bytes
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.generated(size: 10_000_000, chunked: chunked).failing(.disconnectAfterBodyBytes(1_234_567)))

            // When a client reads it, hashing
            let response = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                return try client.readStreamedResponse()
            }

            // Then it got exactly those bytes of the pattern and saw the body end early
            #expect(!response.complete)
            #expect(response.headers["Content-Length"] == (chunked ? nil : "10000000"))
            #expect(response.bodySize == 1_234_567)
            #expect(response.bodySHA256 == MockResponse.generatedBodySHA256(size: 1_234_567))
        }

        @Test func curlSeesAPartialFileOfExactlyNBytes() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.generated(size: 50_000_000).failing(.disconnectAfterBodyBytes(3_000_001)))

            // When curl downloads it
            let output = try await onThread {
                try KitTransferFixtures.curl([
                    "-s", "-o", "/dev/null", "-w", "%{size_download}", server.url("/").absoluteString,
                ])
            }

            // Then curl reports a partial file (exit 18) of exactly that size
            #expect(output.status == 18)
            #expect(output.standardOutput == "3000001")
        }

        @Test func tlsClientSeesExactlyNBytesOfTheAnnouncedLength() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.enqueue(.generated(size: 100_000).failing(.disconnectAfterBodyBytes(70_000)))

            // When
            let outcome = try await onThread { () -> String in
                let client = try TestHTTPClient(port: server.port)
                try client.startTLS(trusting: certificate)
                do {
                    _ = try client.request("/")
                    return "complete"
                } catch {
                    return "\(error)"
                }
            }

            // Then
            #expect(outcome.contains("closed after 70000 of 100000 bytes"))
        }

        @Test func curlTransportReportsTheLostConnection() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 200, json: #"{"books": []}"#).failing(.disconnectAfterBodyBytes(5)))

            // When
            let error = await #expect(throws: TransportError.self) {
                try await CurlTransport().send(HTTPRequest(method: .get, url: server.url("/books"), timeout: 10))
            }

            // Then
            #expect(error?.code == .connectionLost)
        }

        @Test func faultIsComparable() {
            // Given / When
            let response = MockResponse.generated(size: 10).failing(.disconnectAfterBodyBytes(3))

            // Then
            #expect(response.fault == .disconnectAfterBodyBytes(3))
            #expect(response.fault != .disconnectAfterBodyBytes(4))
            #expect(response.generatedBodySize == 10)
        }
    }
}
