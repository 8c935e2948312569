import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Multipart uploads checked part by part by the test kit's streaming parser, over real sockets.
@Suite("Multipart uploads, part by part", .serialized, .timeLimit(.minutes(2)))
struct MultipartIntegrityTests {
    @Test("text, in-memory and file parts, a 100 MiB file among them, arrive with their headers and exact bytes")
    func everyPart() async throws {
        // Given a form with awkward names, a small file and a 100 MiB file, and a server that parses it
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let small = try TransferFixtures.file("notes.txt", in: folder, Data("first line\r\nsecond\n".utf8))
        let bigSize = 100 << 20
        let big = try TransferFixtures.file("archive.tar", in: folder, MockResponse.generatedBody(size: bigSize))
        let memory = TransferFixtures.bytes(70_000)
        var form = MultipartFormData()
        form.append("Rayuela — \"62\", modelo para armar\r\n", name: "título")
        form.append(memory, name: "blob", fileName: "blob \"1\".bin")
        form.append(fileAt: small, name: "notes")
        form.append(fileAt: big, name: "archive", fileName: "backup.tar", mimeType: "application/x-tar")
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/forms") { _ in MockResponse(status: 204) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let progress = ProgressLog()

        // When it is uploaded
        let result: Result<EmptyResponse, RepositoryError> = await repository.performUpload(
            path: "forms", multipart: form, progress: progress.handler)

        // Then the server parsed four parts, each with its headers and exact bytes
        #expect(result.success != nil)
        let recorded = try #require(server.requests(path: "/forms").first)
        #expect(recorded.multipartError == nil)
        let parts = try #require(recorded.parts)
        try #require(parts.count == 4)
        #expect(parts[0].name == "título")
        #expect(parts[0].fileName == nil)
        #expect(parts[0].contentType == nil)
        #expect(parts[0].bodyString == "Rayuela — \"62\", modelo para armar\r\n")
        #expect(parts[1].name == "blob")
        #expect(parts[1].fileName == "blob \"1\".bin")
        #expect(parts[1].contentType == "application/octet-stream")
        #expect(parts[1].body == memory)
        #expect(parts[2].fileName == "notes.txt")
        #expect(parts[2].contentType == "text/plain")
        #expect(parts[2].body == Data("first line\r\nsecond\n".utf8))
        #expect(parts[3].name == "archive")
        #expect(parts[3].fileName == "backup.tar")
        #expect(parts[3].contentType == "application/x-tar")
        #expect(parts[3].size == bigSize)
        #expect(parts[3].sha256 == MockResponse.generatedBodySHA256(size: bigSize))
        #expect(parts[3].sha256 == (try SHA256Digest.hex(ofFileAt: big)))
        // And the upload's progress rose to the whole body
        #expect(progress.isMonotonic)
        let last = try #require(progress.all.last)
        #expect(last.totalBytes == last.completedBytes)
        #expect(last.completedBytes == Int64(recorded.bodySize))
    }

    @Test("upload progress against a server that reads slowly: several reports, monotonic, ending at the total")
    func slowServerProgress() async throws {
        // Given a server reading 4 MiB/s and a 12 MB file (more than loopback's socket buffers absorb at once)
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try TransferFixtures.file("slow.bin", in: folder, TransferFixtures.bytes(12_000_000))
        let server = try MockServer()
        defer { server.shutdown() }
        server.readBytesPerSecond = 4 << 20
        server.route("/slow") { _ in MockResponse(status: 204) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let progress = ProgressLog()

        // When it is uploaded
        let result: Result<EmptyResponse, RepositoryError> = await repository.performUpload(
            path: "slow", file: file, contentType: "application/octet-stream", progress: progress.handler)

        // Then progress came in steps, never backwards, and ended at 12 MB of 12 MB
        #expect(result.success != nil)
        #expect(progress.all.count >= 3)
        #expect(progress.isMonotonic)
        #expect(progress.all.last == TransferProgress(completedBytes: 12_000_000, totalBytes: 12_000_000))
        #expect(server.requests(path: "/slow").first?.bodySHA256 == (try SHA256Digest.hex(ofFileAt: file)))
    }

    @Test("a download cut after exactly N body bytes fails and leaves no file")
    func cutDownload() async throws {
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/cut") { _ in
            MockResponse.generated(size: 4_000_000).failing(.disconnectAfterBodyBytes(1_000_000))
        }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let progress = ProgressLog()

        let result = await repository.performDownload(
            path: "cut", to: folder.appendingPathComponent("cut.bin"), progress: progress.handler)

        guard case .noNetworkConnection(let error)? = result.failure else {
            Issue.record("expected noNetworkConnection, got \(result)")
            return
        }
        #expect(error.code == .connectionLost)
        #expect(try TransferFixtures.contents(of: folder).isEmpty)
        #expect(progress.all.allSatisfy { $0.completedBytes <= 1_000_000 })
    }

    @Test("a generated 256 MiB download streams to disk with its exact bytes (size and sha256 checked)")
    func largeDownload() async throws {
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let size = 256 << 20
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/large") { _ in MockResponse.generated(size: size, chunked: true) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let destination = folder.appendingPathComponent("large.bin")

        let result = await repository.performDownload(path: "large", to: destination)

        #expect(try result.get().byteCount == Int64(size))
        #expect(try SHA256Digest.hex(ofFileAt: destination) == MockResponse.generatedBodySHA256(size: size))
    }
}
