import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension TestKit {
    /// Transfers of 100 MiB and 256 MiB whose memory is measured as the process's resident size. They run one
    /// at a time, in script/test's heavy process with the reliability suites (their load would distort other
    /// suites' timing, and other suites' allocations their measure); the bound (64 MiB) stays far below the sizes
    /// a body held in memory would add. The 1 GiB figures are the benchmarks'.
    @Suite("Large transfers with flat memory", .serialized, .timeLimit(.minutes(2)))
    struct LargeTransferTests {
        @Test("a 256 MiB upload is accepted, measured and hashed exactly, with flat memory", arguments: [false, true])
        func gibibyteUpload(chunked: Bool) async throws {
            // Given a server (a chunked body is kept until it passes the limit, so the limit is lowered for it)
            let server = try MockServer()
            defer { server.shutdown() }
            server.maximumRecordedBodySize = 1 << 20
            server.enqueue(MockResponse(status: 204))
            let size = 256 << 20
            let memory = PeakMemory()

            // When 256 MiB of the pattern is streamed in through a plain socket
            let (status, seconds) = try await onThread {
                let client = try TestHTTPClient(port: server.port, timeout: 60)
                var status = 0
                let seconds = try measure {
                    let framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(size)"
                    try client.send("PUT /big HTTP/1.1\r\nHost: a\r\n\(framing)\r\n\r\n")
                    try client.sendGeneratedBody(size: size, chunked: chunked)
                    status = try client.readResponse().status
                }
                return (status, seconds)
            }
            let growth = memory.stop()
            let recorded = try await server.takeRequest()

            // Then it was recorded exactly, not kept, and the process grew by far less than the body
            print(
                "256 MiB upload (\(chunked ? "chunked" : "Content-Length")): \(String(format: "%.2f", seconds)) s, "
                    + "\(String(format: "%.0f", Double(size >> 20) / seconds)) MiB/s, RSS peak +\(ProcessMemory.mebibytes(growth))"
            )
            #expect(status == 204)
            #expect(recorded.bodySize == size)
            #expect(recorded.body.isEmpty)
            #expect(recorded.bodySHA256 == MockResponse.generatedBodySHA256(size: size))
            if ProcessMemory.reflectsRetainedMemory {
                #expect(growth < 64 << 20, "RSS grew by \(ProcessMemory.mebibytes(growth))")
            }
        }

        @Test("a 256 MiB download streams out with flat memory", arguments: [false, true])
        func gibibyteDownload(chunked: Bool) async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let size = 256 << 20
            server.enqueue(.generated(size: size, chunked: chunked))
            let memory = PeakMemory()

            // When a plain socket reads it, hashing as it goes
            let (response, seconds) = try await onThread {
                let client = try TestHTTPClient(port: server.port, timeout: 60)
                var response: StreamedResponse?
                let seconds = try measure {
                    try client.send("GET /big HTTP/1.1\r\nHost: a\r\n\r\n")
                    response = try client.readStreamedResponse()
                }
                return (try #require(response), seconds)
            }
            let growth = memory.stop()

            // Then every byte arrived, and neither side held the body
            print(
                "256 MiB download (\(chunked ? "chunked" : "Content-Length")): \(String(format: "%.2f", seconds)) s, "
                    + "\(String(format: "%.0f", Double(size >> 20) / seconds)) MiB/s, RSS peak +\(ProcessMemory.mebibytes(growth))"
            )
            #expect(response.complete)
            #expect(response.bodySize == size)
            #expect(response.bodySHA256 == MockResponse.generatedBodySHA256(size: size))
            if ProcessMemory.reflectsRetainedMemory {
                #expect(growth < 64 << 20, "RSS grew by \(ProcessMemory.mebibytes(growth))")
            }
        }

        @Test func hundredMebibyteFilePartIsStreamedWithFlatMemory() async throws {
            // Given a 100 MiB file of the pattern between two small fields
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 201))
            let directory = try KitTransferFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("big.bin")
            let size = 100 << 20
            try KitTransferFixtures.writeGeneratedFile(size: size, to: file)
            let memory = PeakMemory()

            // When curl uploads the form
            let (output, seconds) = try await onThread {
                var output: ProcessOutput?
                let seconds = try measure {
                    output = try KitTransferFixtures.curl([
                        "-s", "-o", "/dev/null", "-w", "%{http_code}", "-F", "meta=hello",
                        "-F", "file=@\(file.path);type=application/octet-stream", "-F", "after=tail",
                        server.url("/upload").absoluteString,
                    ])
                }
                return (output, seconds)
            }
            let growth = memory.stop()
            let recorded = try await server.takeRequest()

            // Then the big part is measured and hashed exactly, not kept; the small ones are kept
            print(
                "100 MiB multipart upload: \(String(format: "%.2f", seconds)) s, RSS peak +\(ProcessMemory.mebibytes(growth))"
            )
            #expect(output?.standardOutput == "201")
            let parts = try #require(recorded.parts)
            #expect(recorded.multipartError == nil)
            #expect(parts.map(\.name) == ["meta", "file", "after"])
            #expect(parts[1].fileName == "big.bin")
            #expect(parts[1].contentType == "application/octet-stream")
            #expect(parts[1].size == size)
            #expect(parts[1].sha256 == MockResponse.generatedBodySHA256(size: size))
            #expect(parts[1].body.isEmpty)
            #expect(parts[0].bodyString == "hello")
            #expect(parts[2].bodyString == "tail")
            #expect(recorded.body.isEmpty)
            #expect(recorded.bodySize == Int(recorded.headers["Content-Length"] ?? ""))
            if ProcessMemory.reflectsRetainedMemory {
                #expect(growth < 64 << 20, "RSS grew by \(ProcessMemory.mebibytes(growth))")
            }
        }
    }
}
