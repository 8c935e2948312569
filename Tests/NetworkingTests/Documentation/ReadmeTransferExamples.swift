import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Copies of the README's "Uploads, downloads and call objects" blocks, so they keep compiling.
extension Readme {
    static func transfers(_ repository: BooksRepository, coverURL: URL, destination: URL) async
        -> (Result<Book, RepositoryError>, Result<DownloadedFile, RepositoryError>)
    {
        var form = MultipartFormData()
        form.append("Dune", name: "title")  // a text field
        form.append(fileAt: coverURL, name: "cover")  // read at send time; image/jpeg from the extension
        let book: Result<Book, RepositoryError> = await repository.performUpload(path: "books", multipart: form) {
            progress in
            print("\(Int((progress.fractionCompleted ?? 0) * 100)) %")
        }

        let export = await repository.performDownload(path: "exports/books.csv", to: destination) { progress in
            print(progress.completedBytes, "of", progress.totalBytes.map(String.init) ?? "?")
        }
        return (book, export)
    }

    struct UploadCover: APICall {
        typealias Response = Book
        let bookID: Int
        let image: URL
        var method: HTTPMethod { .post }
        var path: String { "books/\(bookID)/cover" }
        var multipart: MultipartFormData? {
            var form = MultipartFormData()
            form.append(fileAt: image, name: "cover")
            return form
        }
        func decorate(_ request: inout HTTPRequest) { request.timeout = 300 }  // optional
    }

    static func callObject(_ repository: BooksRepository, coverURL: URL) async -> Result<Book, RepositoryError> {
        let updated = await repository.execute(UploadCover(bookID: 7, image: coverURL))
        return updated
    }
}

extension ReadmeExamplesTests {
    @Test("the transfer examples upload, download and execute a call object against a real server")
    func transferExamples() async throws {
        // Given a server with the routes the examples use, a cover file and a destination
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let cover = try TransferFixtures.file("cover.jpg", in: folder, TransferFixtures.bytes(10_000))
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/books") { _ in MockResponse(status: 201, json: #"{"id": 7, "title": "Dune"}"#) }
        server.route("/books/7/cover") { _ in MockResponse(status: 200, json: #"{"id": 7, "title": "Dune"}"#) }
        server.route("/exports/books.csv") { _ in MockResponse(status: 200, text: "id,title\n7,Dune\n") }
        let repository = Readme.BooksRepository(
            configuration: NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port))
        let destination = folder.appendingPathComponent("books.csv")

        // When the examples run
        let (book, export) = await Readme.transfers(repository, coverURL: cover, destination: destination)
        let updated = await Readme.callObject(repository, coverURL: cover)

        // Then each did what the README says
        #expect(book.success?.title == "Dune")
        #expect(try String(contentsOf: destination, encoding: .utf8) == "id,title\n7,Dune\n")
        #expect(export.success?.byteCount == 16)
        #expect(updated.success?.id == 7)
        #expect(server.requests(path: "/books/7/cover").first?.headers["Content-Type"]?.hasPrefix("multipart/") == true)
    }
}
