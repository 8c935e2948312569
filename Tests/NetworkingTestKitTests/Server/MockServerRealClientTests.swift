import Foundation
import FoundationNetworking
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer with real clients", .timeLimit(.minutes(1)))
    struct MockServerRealClientTests {
        @Test func urlSessionGetsTheQueuedResponse() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 202, headers: ["X-Kit": "yes"], json: #"{"n": 1}"#))

            // When
            let (data, response) = try await URLSession.shared.data(from: server.url("/session?a=1"))
            let recorded = try await server.takeRequest()

            // Then
            let http = try #require(response as? HTTPURLResponse)
            #expect(http.statusCode == 202)
            #expect(http.value(forHTTPHeaderField: "X-Kit") == "yes")
            #expect(String(decoding: data, as: UTF8.self) == #"{"n": 1}"#)
            #expect(recorded.path == "/session")
            #expect(recorded.query == "a=1")
        }

        @Test("a TLS client sent to a plain server is refused at once, not left waiting for its timeout")
        func tlsClientToPlainServerFailsPromptly() async throws {
            // Given a plain server and an https URL to it, with a 30 s budget
            let server = try MockServer()
            defer { server.shutdown() }
            let url = try #require(URL(string: "https://127.0.0.1:\(server.port)/books"))
            let started = ContinuousClock.now

            // When CurlTransport sends a request there
            let error = await #expect(throws: TransportError.self) {
                try await CurlTransport().send(HTTPRequest(method: .get, url: url, timeout: 30))
            }

            // Then the handshake fails long before the budget, and no request was recorded
            #expect(error?.code == .tlsHandshakeFailed)
            #expect(started.duration(to: .now) < .seconds(10))
            #expect(server.requestCount == 0)
        }

        @Test func curlUploadOfTwoMegabytesArrivesWhole() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 201, text: "stored"))
            let body = Data((0..<(2 * 1024 * 1024)).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let file = FileManager.default.temporaryDirectory.appending(path: "mockserver-\(UUID().uuidString).bin")
            try body.write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }

            // When
            let output = try await onThread {
                try runProcess(
                    "/usr/bin/curl",
                    ["-sS", "--max-time", "20", "--data-binary", "@\(file.path)", server.url("/upload").absoluteString])
            }
            let recorded = try await server.takeRequest()

            // Then
            #expect(output.status == 0)
            #expect(output.standardOutput == "stored")
            #expect(recorded.method == "POST")
            #expect(recorded.body == body)
            #expect(server.bytesReceived > body.count)
        }
    }
}
