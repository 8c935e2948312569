import Foundation
import Networking
import NetworkingStore
import NetworkingTestKit
import Testing

/// A copy of the README's NetworkingStore block, so it keeps compiling, run against a MockServer.
private enum ReadmeStore {
    struct Author: Codable, Sendable { var name: String }
    struct Book: Persistable {
        var id: Int
        var title: String
        var author: Author
    }  // Codable, Identifiable

    final class StoredBooksRepository: PersistingRepository, @unchecked Sendable {
        func fetchBooks() async -> Result<[Book], RepositoryError> {
            await performRequest(method: .get, path: "books")
        }
    }

    static func example(
        configuration: NetworkingConfiguration, cachesFolder: URL, render: @escaping @Sendable ([Book]) -> Void
    )
        async throws -> (borges: [Book], newest: [Book], observer: Task<Void, Never>)
    {
        let store = try SQLiteStore(at: cachesFolder.appendingPathComponent("books.sqlite"))  // mode 0600, WAL
        let repository = StoredBooksRepository(configuration: configuration, store: store)
        _ = await repository.fetchBooks()  // saved

        let borges = try store.fetchAll(Book.self, where: .equals("author.name", "Borges"), orderBy: "title", limit: 20)
        let newest = try store.fetchAll(
            Book.self, where: .and([.contains("title", "Dune"), .equals("author.name", "Herbert")]), orderBy: "id",
            ascending: false)
        let observer = Task {
            for await books in store.changes(of: Book.self) {  // the current rows at once, then after every commit
                render(books)  // until the task is cancelled or the store released
            }
        }
        return (borges, newest, observer)
    }
}

@Suite("README store example", .timeLimit(.minutes(1)))
struct ReadmeStoreExamplesTests {
    @Test("the README's store block saves, filters, orders and observes")
    func storeBlock() async throws {
        // Given
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/books") { _ in
            MockResponse(
                json: #"""
                    [{"id": 1, "title": "Ficciones", "author": {"name": "Borges"}},
                     {"id": 2, "title": "Dune", "author": {"name": "Herbert"}},
                     {"id": 3, "title": "El Aleph", "author": {"name": "Borges"}},
                     {"id": 4, "title": "Dune Messiah", "author": {"name": "Herbert"}}]
                    """#)
        }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-store-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
        let rendered = AsyncStream<[ReadmeStore.Book]>.makeStream()

        // When
        let (borges, newest, observer) = try await ReadmeStore.example(
            configuration: configuration, cachesFolder: folder, render: { rendered.continuation.yield($0) })
        defer { observer.cancel() }

        // Then
        #expect(borges.map(\.title) == ["El Aleph", "Ficciones"])
        #expect(newest.map(\.id) == [4, 2])
        var renders = rendered.stream.makeAsyncIterator()
        #expect(await renders.next()?.count == 4)
    }
}
