import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Uploads over real sockets", .timeLimit(.minutes(2)))
struct UploadTests {
    @Test("a multipart upload sends exactly what encoded() describes, with libcurl's boundary")
    func multipartMatchesEncoding() async throws {
        // Given a form with text, data and a 300 kB file, and a server answering JSON
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try TransferFixtures.file("scan \"1\".pdf", in: folder, TransferFixtures.bytes(300_000))
        var form = MultipartFormData()
        form.append("Dune — 1965", name: "title")
        form.append(Data("k=v".utf8), name: "meta", fileName: "meta.txt")
        form.append(fileAt: file, name: "scan")
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/uploads") { _ in MockResponse(status: 201, json: #"{"id": 9}"#) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())

        // When it is uploaded with parameters
        let result: Result<[String: Int], RepositoryError> = await repository.performUpload(
            path: "uploads", parameters: ["draft": true], multipart: form)

        // Then the server got a POST whose body, with libcurl's boundary, is our encoding byte for byte
        #expect(result.success == ["id": 9])
        let recorded = try #require(server.requests(path: "/uploads").first)
        #expect(recorded.method == "POST")
        #expect(recorded.query == "draft=true")
        let contentType = try #require(recorded.headers["Content-Type"])
        #expect(contentType.hasPrefix("multipart/form-data; boundary="))
        let curlBoundary = try #require(contentType.components(separatedBy: "boundary=").last)
        let ours = try #require(form.contentType.components(separatedBy: "boundary=").last)
        let sent = TransferFixtures.replacing(Data(curlBoundary.utf8), with: Data(ours.utf8), in: recorded.body)
        #expect(sent == (try form.encoded()))
        #expect(recorded.body.count > 300_000)
        #expect(recorded.headers["Expect"] == nil)  // libcurl never waits for a 100 Continue
    }

    @Test("a file upload streams the file as the body, with its Content-Type, and reports progress to the end")
    func fileUpload() async throws {
        // Given a 5 MB file and a server
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = TransferFixtures.bytes(5_000_000)
        let file = try TransferFixtures.file("blob.bin", in: folder, data)
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/blobs/1") { _ in MockResponse(status: 204) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let progress = ProgressLog()

        // When it is uploaded
        let result: Result<EmptyResponse, RepositoryError> = await repository.performUpload(
            path: "blobs/1", file: file, contentType: "application/x-blob", progress: progress.handler)

        // Then the server got the file's bytes with PUT, and progress ended at the total
        #expect(result.success != nil)
        let recorded = try #require(server.requests(path: "/blobs/1").first)
        #expect(recorded.method == "PUT")
        #expect(recorded.headers["Content-Type"] == "application/x-blob")
        #expect(recorded.headers["Expect"] == nil)  // a streamed 5 MB body is sent without asking first
        #expect(recorded.body == data)
        #expect(progress.isMonotonic)
        #expect(progress.all.last == TransferProgress(completedBytes: 5_000_000, totalBytes: 5_000_000))
    }

    @Test("a retried upload re-reads its file from the start; progress never goes back")
    func retriedUpload() async throws {
        // Given a server failing the first PUT with 503, and a retry policy
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = TransferFixtures.bytes(2_000_000)
        let file = try TransferFixtures.file("retry.bin", in: folder, data)
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/retry", failingFirst: 1, with: MockResponse(status: 503), then: MockResponse(status: 204))
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(
                server, interceptors: [RetryPolicy(baseDelay: 0, jitter: false)]),
            transport: CurlTransport())
        let progress = ProgressLog()

        // When the file is uploaded
        let result: Result<EmptyResponse, RepositoryError> = await repository.performUpload(
            path: "retry", file: file, contentType: "application/octet-stream", progress: progress.handler)

        // Then both attempts carried the whole file, and progress stayed monotonic to the end
        #expect(result.success != nil)
        #expect(server.requests(path: "/retry").map(\.body) == [data, data])
        #expect(progress.isMonotonic)
        #expect(progress.all.last == TransferProgress(completedBytes: 2_000_000, totalBytes: 2_000_000))
    }

    @Test("a file that vanished before sending is invalidParameters, and nothing reaches the server")
    func vanishedFile() async throws {
        // Given a server and a path to no file
        let server = try MockServer()
        defer { server.shutdown() }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let missing = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString)")

        // When it is uploaded
        let result: Result<EmptyResponse, RepositoryError> = await repository.performUpload(
            path: "x", file: missing, contentType: "text/plain")

        // Then the call fails naming it, with no connection made
        guard case .invalidParameters(let reason)? = result.failure else {
            Issue.record("expected invalidParameters, got \(result)")
            return
        }
        #expect(reason.contains(missing.path))
        #expect(server.connectionCount == 0)
    }
}
