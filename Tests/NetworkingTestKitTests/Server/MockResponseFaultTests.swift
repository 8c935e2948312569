import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockResponse faults", .timeLimit(.minutes(1)))
    struct MockResponseFaultTests {
        @Test func delayedResponseWaitsAtLeastTheDelay() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(text: "late").delayed(by: 0.3))

            // When
            let (elapsed, text) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                var text = ""
                let elapsed = try measure { text = try client.request("/").text }
                return (elapsed, text)
            }

            // Then
            #expect(text == "late")
            #expect(elapsed >= 0.3)
            #expect(elapsed < 5)
        }

        @Test func throttledResponseDripsTheWholeResponse() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let body = Data(repeating: 0x61, count: 400)
            server.enqueue(MockResponse(body: body).throttled(bytesPerSecond: 1000))

            // When
            let (elapsed, received) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                var received = Data()
                let elapsed = try measure { received = try client.request("/").body }
                return (elapsed, received)
            }

            // Then: at least 400 body bytes at 1000 B/s, less the first step sent at once
            #expect(received == body)
            #expect(elapsed >= 0.3)
            #expect(elapsed < 5)
        }

        @Test func disconnectAtStartClosesWithoutAByte() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(text: "never").failing(.disconnectAtStart))

            // When
            let received = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                return try client.readToEnd()
            }

            // Then
            #expect(received.isEmpty)
            #expect(server.requestCount == 1)
        }

        @Test(arguments: [100, 0])
        func disconnectDuringBodyCutsTheBodyShort(bodyLength: Int) async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(body: Data(repeating: 0x62, count: bodyLength)).failing(.disconnectDuringBody))

            // When
            let received = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                return try client.readToEnd()
            }
            let text = String(decoding: received, as: UTF8.self)
            let parts = text.components(separatedBy: "\r\n\r\n")

            // Then
            let announced = max(1, bodyLength)
            #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
            #expect(text.contains("Content-Length: \(announced)\r\n"))
            #expect(parts.count == 2)
            #expect(parts.last.map { $0.utf8.count < announced } == true)
        }

        @Test func disconnectDuringBodyOverTLSCutsTheBodyShort() async throws {
            // Given
            let certificate = try TestCertificate.selfSigned(commonName: "localhost")
            let server = try MockServer(tls: certificate)
            defer { server.shutdown() }
            server.enqueue(MockResponse(body: Data(repeating: 0x63, count: 64)).failing(.disconnectDuringBody))

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
            #expect(outcome.contains("closed after 32 of 64 bytes"))
        }

        @Test func stallKeepsSilentUntilShutdownWhichReturnsPromptly() async throws {
            // Given
            let server = try MockServer()
            server.enqueue(MockResponse(text: "never").failing(.stall))
            let reply = Task {
                try await onThread { () -> (Data, TimeInterval) in
                    let client = try TestHTTPClient(port: server.port, timeout: 20)
                    try client.send("GET /stall HTTP/1.1\r\nHost: a\r\n\r\n")
                    var data = Data()
                    let elapsed = try measure { data = try client.readToEnd() }
                    return (data, elapsed)
                }
            }
            _ = try await server.takeRequest()
            try await Task.sleep(for: .milliseconds(300))

            // When
            let shutdownTime = measure { server.shutdown() }
            let (data, waited) = try await reply.value

            // Then
            #expect(shutdownTime < 2)
            #expect(data.isEmpty)
            #expect(waited >= 0.3)
            #expect(waited < 10)
        }

        @Test func longDelayAndSlowThrottleEndPromptlyAtShutdown() async throws {
            // Given
            let server = try MockServer()
            server.dispatcher = { request in
                request.path == "/delayed"
                    ? MockResponse(text: "late").delayed(by: 60)
                    : MockResponse(body: Data(count: 10_000)).throttled(bytesPerSecond: 10)
            }
            let clients = Task {
                try await onThread { () -> (Int, Int) in
                    let first = try TestHTTPClient(port: server.port, timeout: 20)
                    let second = try TestHTTPClient(port: server.port, timeout: 20)
                    try first.send("GET /delayed HTTP/1.1\r\nHost: a\r\n\r\n")
                    try second.send("GET /throttled HTTP/1.1\r\nHost: a\r\n\r\n")
                    return (try first.readToEnd().count, try second.readToEnd().count)
                }
            }
            _ = try await server.takeRequest()
            _ = try await server.takeRequest()
            try await Task.sleep(for: .milliseconds(200))

            // When
            let shutdownTime = measure { server.shutdown() }
            let (delayedReceived, throttledReceived) = try await clients.value

            // Then
            #expect(shutdownTime < 2)
            #expect(delayedReceived == 0)
            #expect(throttledReceived > 0)
            #expect(throttledReceived < 100)
        }

        @Test func rawResponseWritesExactlyItsBytes() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let garbage = Data("NOT-HTTP garbage status line\r\n\r\n".utf8)
            server.enqueue(.raw(garbage))

            // When
            let received = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send("GET / HTTP/1.1\r\nHost: a\r\n\r\n")
                return try client.readToEnd()
            }

            // Then
            #expect(received == garbage)
        }

        @Test func chunkedResponseIsFramedInChunks() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let body = Data((0..<100).map { UInt8($0) })
            server.enqueue(MockResponse(body: body).chunked(size: 30))
            server.enqueue(MockResponse(text: "after"))

            // When
            let (first, second) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return (try client.request("/chunked"), try client.request("/next"))
            }

            // Then
            #expect(first.headers["Transfer-Encoding"] == "chunked")
            #expect(first.headers["Content-Length"] == nil)
            #expect(first.body == body)
            #expect(second.text == "after")
        }

        @Test func faultsChainAsTheDesignShows() {
            // Given / When
            let response = MockResponse(status: 200).delayed(by: 2).throttled(bytesPerSecond: 64).failing(.stall)

            // Then
            #expect(response.delay == 2)
            #expect(response.bytesPerSecond == 64)
            #expect(response.fault == .stall)
        }
    }
}
