import Foundation
import Networking
import NetworkingTestKit
import Testing

@testable import NetworkingStore

/// A repository over a real MockServer saving what it decodes.
private final class ShelfRepository: PersistingRepository, @unchecked Sendable {
    func books() async -> Result<[Book], RepositoryError> {
        await performRequest(method: .get, path: "books")
    }

    func book(_ id: Int) async -> Result<Book, RepositoryError> {
        await performRequest(method: .get, path: "books/\(id)")
    }

    func page() async -> Result<DecodedPage, RepositoryError> {
        await performRequest(method: .get, path: "page")
    }

    func envelopedBooks() async -> Result<Enveloped<[Book]>, RepositoryError> {
        await performEnvelopedRequest(method: .get, path: "catalog")
    }

    func mapped(_ path: String) async -> Result<any Sendable, RepositoryError> {
        await performMappedRequest(method: .get, path: path)
    }

    func manyBooks() async -> Result<[Book], RepositoryError> {
        await performRequest(method: .get, path: "many")
    }

    func counts() async -> Result<[String: Int], RepositoryError> {
        await performRequest(method: .get, path: "counts")
    }
}

/// A decoded response whose nested books are persisted.
private struct DecodedPage: Decodable, PersistableContainer {
    var books: [Book]
    var page: Int
    var persistables: [any Persistable] { books }
}

@Suite("PersistingRepository saves decoded results", .timeLimit(.minutes(2)))
struct PersistingRepositoryTests {
    private let server: MockServer
    private let folder: TemporaryFolder

    init() throws {
        server = try MockServer()
        folder = try TemporaryFolder()
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        let three = String(decoding: try encoder.encode(books(3)), as: UTF8.self)
        let one = String(decoding: try encoder.encode(Book(id: 42, title: "The Dispossessed")), as: UTF8.self)
        server.route("/books") { _ in MockResponse(json: three) }
        server.route("/books/42") { _ in MockResponse(json: one) }
        server.route("/books/404") { _ in MockResponse(status: 404, json: #"{"error": "not_found"}"#) }
        server.route("/page") { _ in MockResponse(json: #"{"page": 2, "books": \#(three)}"#) }
        server.route("/catalog") { _ in MockResponse(json: #"{"data": \#(three), "meta": {"total": 3}}"#) }
        let many = String(decoding: try encoder.encode(books(2000)), as: UTF8.self)
        server.route("/many") { _ in MockResponse(json: many) }
        server.route("/counts") { _ in MockResponse(json: #"{"books": 3}"#) }
    }

    private func repository(
        store: SQLiteStore, logger: NetworkActivityLogger? = nil
    ) -> ShelfRepository {
        var configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
        configuration.eventMonitors = logger.map { [$0] } ?? []
        configuration.responseMapping.envelope("catalog", resultKeyPath: "data")
        configuration.responseMapping.model([Book].self, for: "books")
        configuration.responseMapping.model(Book.self, for: "books/#")
        return ShelfRepository(configuration: configuration, store: store)
    }

    @Test("an array result is saved before the call returns")
    func arrayIsSaved() async throws {
        defer { cleanUp() }
        // Given
        let store = try SQLiteStore(at: folder.file("books.sqlite"))

        // When
        let result = await repository(store: store).books()

        // Then
        #expect(try result.get().map(\.id) == [1, 2, 3])
        #expect(try store.fetchAll(Book.self).map(\.title) == ["Book 1", "Book 2", "Book 3"])
    }

    @Test("one model, a container's models, an envelope's result and a mapped model are saved")
    func everyShapeIsSaved() async throws {
        defer { cleanUp() }
        // Given
        let repository = repository(store: try SQLiteStore.inMemory())
        let store = repository.store

        // When / Then
        _ = try await repository.book(42).get()
        #expect(try store.fetch(Book.self, id: 42)?.title == "The Dispossessed")
        try store.deleteAll(Book.self)

        let page = try await repository.page().get()
        #expect(page.page == 2)
        #expect(try store.fetchAll(Book.self).map(\.id) == [1, 2, 3])
        try store.deleteAll(Book.self)

        let enveloped = try await repository.envelopedBooks().get()
        #expect(enveloped.root["meta"]?["total"] == 3)
        #expect(try store.fetchAll(Book.self).map(\.id) == [1, 2, 3])
        try store.deleteAll(Book.self)

        let mapped = try await repository.mapped("books/42").get()
        #expect((mapped as? Book)?.id == 42)
        #expect(try store.fetchAll(Book.self).map(\.id) == [42])
    }

    @Test("results that are not persistable and failures save nothing")
    func nothingElseIsSaved() async throws {
        defer { cleanUp() }
        // Given
        let store = try SQLiteStore.inMemory()
        let failures = Locked<[StoreError]>([])
        store.saveFailureHandler = { error in failures.withLock { $0.append(error) } }
        let repository = repository(store: store)

        // When
        let counts = await repository.counts()
        let missing = await repository.book(404)

        // Then
        #expect(try counts.get() == ["books": 3])
        guard case .failure(.requestError(let response)) = missing else {
            Issue.record("expected the 404, got \(missing)")
            return
        }
        #expect(response.statusCode == 404)
        #expect(try store.fetchAll(Book.self).isEmpty)
        #expect(failures.withLock { $0 }.isEmpty)
    }

    @Test("a failed save reaches saveFailureHandler and the logger, and the call still returns its data")
    func failedSaveKeepsTheData() async throws {
        defer { cleanUp() }
        // Given: a database capped at 12 pages (48 KiB), where 2,000 books do not fit
        let url = folder.file("full.sqlite")
        let store = try SQLiteStore(at: url, maxPageCount: 12)
        let failures = Locked<[StoreError]>([])
        store.saveFailureHandler = { error in failures.withLock { $0.append(error) } }
        let capture = LogCapture()
        let repository = repository(store: store, logger: capture.logger(level: .error))

        // When
        let result = await repository.manyBooks()

        // Then
        #expect(try result.get().count == 2000)
        #expect(try store.fetchAll(Book.self).isEmpty)
        let reported = failures.withLock { $0 }
        #expect(reported.count == 1)
        #expect(reported.first?.message.contains(url.path) == true)
        #expect(reported.first?.message.contains("full") == true)
        #expect(capture.messages(containing: "NetworkingStore: saving 2000 decoded models failed").count == 1)
        #expect(capture.messages(containing: url.path).count == 1)
    }

    @Test("an observer sees a repository's save")
    func observerSeesTheSave() async throws {
        defer { cleanUp() }
        // Given
        let store = try SQLiteStore.inMemory()
        let repository = repository(store: store)
        var changes = store.changes(of: Book.self).makeAsyncIterator()
        #expect(await changes.next()?.isEmpty == true)

        // When
        _ = await repository.books()

        // Then
        #expect(await changes.next()?.map(\.id) == [1, 2, 3])
    }

    private func cleanUp() {
        server.shutdown()
        folder.remove()
    }
}
