import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Logging of transfers", .timeLimit(.minutes(2)))
struct TransferLoggingTests {
    func repository(_ capture: LogCapture, transport: StubTransport = stub(body: "{}")) -> TestRepository {
        var configuration = stubConfiguration()
        configuration.eventMonitors = [capture.logger(level: .debug)]
        return TestRepository(configuration: configuration, transport: transport)
    }

    @Test("a multipart body is logged as a summary: names, file names, types, sizes; never file contents")
    func multipartSummary() async throws {
        // Given a form with a text field, a credential field, in-memory bytes and a file
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try TransferFixtures.file("cover.jpg", in: folder, Data("JPEG-CONTENT-MARKER".utf8))
        var form = MultipartFormData()
        form.append("Dune", name: "title")
        form.append("hunter2-very-secret", name: "password")
        form.append(Data("IN-MEMORY-MARKER".utf8), name: "notes", fileName: "notes.txt")
        form.append(fileAt: file, name: "cover")
        let capture = LogCapture()

        // When it is uploaded
        let _: Result<EmptyResponse, RepositoryError> = await repository(capture).performUpload(
            path: "books", multipart: form)

        // Then the request is summarised, the credential redacted, and no content printed
        let request = try #require(capture.all.first)
        #expect(request.contains("Body: multipart/form-data, 4 parts: title=\"Dune\"; password=<redacted>; "))
        #expect(request.contains("notes: in memory as \"notes.txt\" (text/plain, 16 B)"))
        #expect(request.contains("cover: file \(file.path) as \"cover.jpg\" (image/jpeg, 19 B)"))
        #expect(request.contains("--form-string 'title=Dune'"))
        #expect(request.contains("-F 'cover=@\"\(file.path)\";filename=\"cover.jpg\";type=image/jpeg'"))
        for secret in ["hunter2-very-secret", "JPEG-CONTENT-MARKER", "IN-MEMORY-MARKER"] {
            #expect(!capture.text.contains(secret))
        }
    }

    @Test("a file body is logged by path and size, replayable with --data-binary")
    func fileBody() async throws {
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = try TransferFixtures.file("data.bin", in: folder, Data(count: 2048))
        let capture = LogCapture()

        let _: Result<EmptyResponse, RepositoryError> = await repository(capture).performUpload(
            path: "blobs", file: file, contentType: "application/octet-stream")

        let request = try #require(capture.all.first)
        #expect(request.contains("Body: file \(file.path) (2.0 KiB)"))
        #expect(request.contains("--data-binary '@\(file.path)'"))
    }
}
