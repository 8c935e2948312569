import Foundation
import Networking
import NetworkingTestKit
import Testing

/// A copy of the README's "Fast loops on the transport's thread" block, so it keeps compiling, run against a
/// MockServer.
extension Readme {
    final class CatalogRepository: AbstractRepository, @unchecked Sendable {
        func fetchBook(id: Int) async -> Result<Book, RepositoryError> {
            await performRequest(method: .get, path: "books/\(id)")
        }
    }

    static func executorExample(_ repository: CatalogRepository) async -> [Book] {
        let books = await withTaskExecutorPreference(repository.transportExecutor) {
            var books: [Book] = []
            for id in 1...100 {
                if case .success(let book) = await repository.fetchBook(id: id) { books.append(book) }
            }
            return books
        }
        return books
    }
}

@Suite("README executor example", .timeLimit(.minutes(1)))
struct ReadmeExecutorExamplesTests {
    @Test("the loop on the transport's executor fetches the 100 books in order")
    func loop() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { request in
            let id = Int(request.path.split(separator: "/").last ?? "") ?? 0
            return MockResponse(status: 200, text: #"{"id": \#(id), "title": "Book \#(id)"}"#)
        }
        let repository = Readme.CatalogRepository(
            configuration: NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, subdomainURL: "/v1"),
            transport: CurlTransport())

        let books = await Readme.executorExample(repository)

        #expect(books.map(\.id) == Array(1...100))
        #expect(books.last?.title == "Book 100")
        #expect(server.requestCount == 100)
        #expect(repository.transportExecutor != nil)
    }

    @Test("a repository on a stub transport has no executor, and the same loop still runs")
    func stub() async {
        let transport = StubTransport { request in
            HTTPResponse(
                statusCode: 200, body: Data(#"{"id": 1, "title": "Stub"}"#.utf8), url: request.url)
        }
        let repository = Readme.CatalogRepository(
            configuration: NetworkingConfiguration(domainURL: "api.example.com"), transport: transport)

        let books = await Readme.executorExample(repository)

        #expect(repository.transportExecutor == nil)
        #expect(books.count == 100)
    }
}
