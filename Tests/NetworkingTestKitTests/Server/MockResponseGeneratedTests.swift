import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockResponse.generated: streamed response bodies", .timeLimit(.minutes(2)))
    struct MockResponseGeneratedTests {
        @Test("the server sends the pattern generatedBody returns", arguments: [false, true])
        func bodyMatchesThePattern(chunked: Bool) async throws {
            // Given a body longer than the pattern's period, then an ordinary response on the same connection
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.generated(size: 2_500_000, chunked: chunked, status: 206, contentType: "video/mp4"))
            server.enqueue(MockResponse(text: "next"))

            // When both are read
            let (first, second) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return (try client.request("/video"), try client.request("/next"))
            }

            // Then the body is the pattern, framed by length or in chunks, and the connection stayed usable
            #expect(first.status == 206)
            #expect(first.headers["Content-Type"] == "video/mp4")
            #expect(first.headers["Content-Length"] == (chunked ? nil : "2500000"))
            #expect(first.headers["Transfer-Encoding"] == (chunked ? "chunked" : nil))
            #expect(KitTransferFixtures.sameBytes(first.body, MockResponse.generatedBody(size: 2_500_000)))
            #expect(second.text == "next")
        }

        @Test func patternIsDeterministicAndItsHashAgreesWithSha256sum() throws {
            // Given / When
            let body = MockResponse.generatedBody(size: 3_000_000)

            // Then the hash is sha256sum's, shorter bodies are prefixes, and the pattern does not repeat early
            #expect(MockResponse.generatedBodySHA256(size: 3_000_000) == (try KitTransferFixtures.sha256sum(body)))
            #expect(MockResponse.generatedBody(size: 1000) == body.prefix(1000))
            #expect(body.count == 3_000_000)
            #expect(body.prefix(65_536) != body.dropFirst(65_536).prefix(65_536))
            #expect(Set(body.prefix(4096)).count > 200)
            #expect(MockResponse.generatedBody(size: 0).isEmpty)
            #expect(MockResponse.generatedBodySHA256(size: 0) == (try KitTransferFixtures.sha256sum(Data())))
        }

        @Test func headAnnouncesTheLengthWithoutABody() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.generated(size: 5 << 30))
            server.enqueue(MockResponse(text: "after"))

            // When
            let (head, next) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                return (try client.request("/big", method: "HEAD"), try client.request("/next"))
            }

            // Then
            #expect(head.headers["Content-Length"] == "\(5 << 30)")
            #expect(head.headers["Content-Type"] == "application/octet-stream")
            #expect(next.text == "after")
        }

        @Test func throttledAndDelayedGeneratedBodiesKeepTheirPace() async throws {
            // Given 100 kB at 200 kB/s, and a delayed one
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.generated(size: 100_000).throttled(bytesPerSecond: 200_000))
            server.enqueue(.generated(size: 10, chunked: true).delayed(by: 0.3))

            // When
            let (throttled, delayed) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                var responses: [TestHTTPResponse] = []
                let throttled = try measure { responses.append(try client.request("/throttled")) }
                let delayed = try measure { responses.append(try client.request("/delayed")) }
                return ((throttled, responses[0].body), (delayed, responses[1].body))
            }

            // Then each took at least its pace, and the bytes are the pattern
            #expect(throttled.0 >= 0.4)
            #expect(throttled.0 < 10)
            #expect(KitTransferFixtures.sameBytes(throttled.1, MockResponse.generatedBody(size: 100_000)))
            #expect(delayed.0 >= 0.3)
            #expect(delayed.1 == MockResponse.generatedBody(size: 10))
        }

        @Test func curlDownloadsAGeneratedChunkedBodyToDisk() async throws {
            // Given 64 MiB, chunked
            let server = try MockServer()
            defer { server.shutdown() }
            let size = 64 << 20
            server.enqueue(.generated(size: size, chunked: true))
            let directory = try KitTransferFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("download.bin")

            // When curl saves it
            let output = try await onThread {
                try KitTransferFixtures.curl([
                    "-s", "-o", file.path, "-w", "%{http_code} %{size_download}", server.url("/file").absoluteString,
                ])
            }

            // Then the file is the pattern, as sha256sum sees it
            #expect(output.status == 0)
            #expect(output.standardOutput == "200 \(size)")
            #expect(try KitTransferFixtures.sha256sum(file) == MockResponse.generatedBodySHA256(size: size))
        }

        @Test func curlTransportReadsAGeneratedBody() async throws {
            // Given
            let server = try MockServer(tls: TestCertificate.selfSigned(commonName: "localhost"))
            defer { server.shutdown() }
            server.enqueue(.generated(size: 5_000_000))
            let pins = PinnedCertificates.certificates([try #require(server.certificateDER)])
            let url = server.url("/file").absoluteString.replacingOccurrences(of: "127.0.0.1", with: "localhost")

            // When
            let response = try await CurlTransport().send(
                HTTPRequest(method: .get, url: try #require(URL(string: url)), timeout: 20, pinning: pins))

            // Then
            #expect(response.statusCode == 200)
            #expect(KitTransferFixtures.sameBytes(response.body, MockResponse.generatedBody(size: 5_000_000)))
        }
    }
}
