import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer request bodies, measured and hashed as they stream in", .timeLimit(.minutes(2)))
    struct RequestBodyStreamingTests {
        @Test func smallBodyIsKeptMeasuredAndHashed() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 204) }

            // When a POST of "abc" and a GET are sent
            try await onThread {
                let client = try TestHTTPClient(port: server.port)
                _ = try client.request("/post", method: "POST", body: Data("abc".utf8))
                _ = try client.request("/get")
            }
            let post = try await server.takeRequest()
            let get = try await server.takeRequest()

            // Then the POST has its bytes, size and the known SHA-256 of "abc"; the GET the hash of nothing
            #expect(post.bodyString == "abc")
            #expect(post.bodySize == 3)
            #expect(post.bodySHA256 == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
            #expect(post.parts == nil)
            #expect(post.multipartError == nil)
            #expect(get.bodySize == 0)
            #expect(get.bodySHA256 == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        }

        @Test(
            "bodies up to the limit are kept, longer ones are accepted, measured and hashed but not kept",
            arguments: [(1000, false), (1001, false), (1000, true), (1001, true)])
        func bodyLimit(size: Int, chunked: Bool) async throws {
            // Given a server keeping bodies of at most 1000 bytes
            let server = try MockServer()
            defer { server.shutdown() }
            server.maximumRecordedBodySize = 1000
            server.dispatcher = { request in MockResponse(text: "\(request.bodySize)") }

            // When a body of `size` bytes is posted, with Content-Length or chunked
            let response = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                let framing = chunked ? "Transfer-Encoding: chunked" : "Content-Length: \(size)"
                try client.send("POST /upload HTTP/1.1\r\nHost: a\r\n\(framing)\r\n\r\n")
                try client.sendGeneratedBody(size: size, chunked: chunked)
                return try client.readResponse()
            }
            let recorded = try await server.takeRequest()

            // Then it is accepted; size and hash are exact; the bytes are kept only within the limit
            #expect(server.maximumRecordedBodySize == 1000)
            #expect(response.status == 200)
            #expect(response.text == "\(size)")
            #expect(recorded.bodySize == size)
            #expect(recorded.bodySHA256 == MockResponse.generatedBodySHA256(size: size))
            #expect(recorded.body == (size <= 1000 ? MockResponse.generatedBody(size: size) : Data()))
        }

        @Test func chunkedUploadFromCurlIsDecodedAndHashed() async throws {
            // Given a 3 MB file of the generated pattern
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(MockResponse(status: 201))
            let directory = try KitTransferFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("upload.bin")
            try KitTransferFixtures.writeGeneratedFile(size: 3_000_000, to: file)

            // When curl uploads it chunked
            let output = try await onThread {
                try KitTransferFixtures.curl([
                    "-s", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Transfer-Encoding: chunked",
                    "--data-binary", "@\(file.path)", server.url("/chunked").absoluteString,
                ])
            }
            let recorded = try await server.takeRequest()

            // Then the server decoded, measured and hashed it as sha256sum hashes the file
            #expect(output.standardOutput == "201")
            #expect(recorded.headers["Transfer-Encoding"] == "chunked")
            #expect(recorded.headers["Content-Length"] == nil)
            #expect(recorded.bodySize == 3_000_000)
            #expect(recorded.bodySHA256 == (try KitTransferFixtures.sha256sum(file)))
            #expect(KitTransferFixtures.sameBytes(recorded.body, MockResponse.generatedBody(size: 3_000_000)))
        }

        @Test func pipelinedBodiesOnOneConnectionAreRecordedApart() async throws {
            // Given two POSTs sent back to back in one write, the second chunked
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { _ in MockResponse(status: 204) }
            let first = MockResponse.generatedBody(size: 70_000)
            let bytes =
                Data("POST /1 HTTP/1.1\r\nHost: a\r\nContent-Length: 70000\r\n\r\n".utf8) + first
                + Data("POST /2 HTTP/1.1\r\nHost: a\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nxyz\r\n0\r\n\r\n".utf8)

            // When they are sent
            try await onThread {
                let client = try TestHTTPClient(port: server.port)
                try client.send(bytes)
                _ = try client.readResponse()
                _ = try client.readResponse()
            }
            let one = try await server.takeRequest()
            let two = try await server.takeRequest()

            // Then each has its own size, hash and bytes
            #expect(one.bodySize == 70_000)
            #expect(one.bodySHA256 == MockResponse.generatedBodySHA256(size: 70_000))
            #expect(KitTransferFixtures.sameBytes(one.body, first))
            #expect(two.bodySize == 3)
            #expect(two.bodyString == "xyz")
            #expect(two.bodySHA256 == "3608bca1e44ea6c4d268eb6db02260269892c0b42b86bbf1e77a6fa16c3c9282")
            #expect(two.connectionIndex == one.connectionIndex)
        }
    }
}
