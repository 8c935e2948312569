import Foundation
import Testing

@testable import NetworkingStore

@Suite("SQLiteStore: persistables of any type", .timeLimit(.minutes(2)))
struct SQLiteStorePersistablesTests {
    @Test("models, arrays of them, containers and arrays of containers give their models; other values none")
    func persistablesInValues() {
        let page = BookPage(books: books(2))
        let other = BookPage(books: books(1, from: 3))
        let tag = Tag(id: "a", label: "A")

        func ids(_ value: any Sendable) -> [String] {
            SQLiteStore.persistables(in: value).map { "\(type(of: $0).storeName) \($0.id)" }
        }

        #expect(ids(books(1)[0]) == ["Book 1"])
        #expect(ids(books(2)) == ["Book 1", "Book 2"])
        #expect(ids(page) == ["Book 1", "Book 2"])
        #expect(ids([page, other]) == ["Book 1", "Book 2", "Book 3"])
        #expect(ids([tag, page] as [any Sendable]) == ["Tag a", "Book 1", "Book 2"])
        #expect(ids(Optional(tag)) == ["Tag a"])
        #expect(ids("text").isEmpty)
        #expect(ids(42).isEmpty)
        #expect(ids([1, 2]).isEmpty)
        #expect(ids([Book]()).isEmpty)
    }

    @Test("save(persistables:) saves models of several types in one call")
    func mixedSave() async throws {
        // Given
        let store = try SQLiteStore.inMemory()
        let note = Note(id: UUID(), text: "n")
        var bookChanges = store.changes(of: Book.self).makeAsyncIterator()
        var tagChanges = store.changes(of: Tag.self).makeAsyncIterator()
        #expect(await bookChanges.next() == [])
        #expect(await tagChanges.next() == [])

        // When
        try store.save(persistables: [
            Book(id: 1, title: "B1"), Tag(id: "t", label: "T"), note, Book(id: 2, title: "B2"),
        ])

        // Then
        #expect(try store.fetchAll(Book.self).map(\.title) == ["B1", "B2"])
        #expect(try store.fetchAll(Tag.self) == [Tag(id: "t", label: "T")])
        #expect(try store.fetchAll(Note.self) == [note])
        #expect(store.observers.deliveries == 2)
        #expect(await bookChanges.next()?.map(\.id) == [1, 2])
        #expect(await tagChanges.next()?.map(\.id) == ["t"])
    }

    @Test("a model that cannot be encoded saves nothing of the call, naming its type")
    func unencodableModel() throws {
        // Given
        let store = try SQLiteStore.inMemory()

        // When
        let error = storeError { () throws(StoreError) in
            try store.save(persistables: [Book(id: 1, title: "B1"), Measurement(id: 1, value: .nan)])
        }

        // Then
        #expect(error?.message.hasPrefix("SQLite store (in memory): cannot encode Measurement models: ") == true)
        #expect(try store.fetchAll(Book.self).isEmpty)
    }

    @Test("a save that fails inside its transaction rolls back the models of every type")
    func rollbackAcrossTypes() async throws {
        // Given: a database too small for the second type's models
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let store = try SQLiteStore(at: folder.file("books.sqlite"), maxPageCount: 12)
        var changes = store.changes(of: Tag.self).makeAsyncIterator()
        #expect(await changes.next() == [])
        let tags: [any Persistable] = [Tag(id: "a", label: "A"), Tag(id: "b", label: "B")]

        // When
        let error = storeError { () throws(StoreError) in try store.save(persistables: tags + books(2000)) }

        // Then
        #expect(error?.message.contains("database or disk is full (while saving Tag, Book models)") == true)
        #expect(try store.fetchAll(Tag.self).isEmpty)
        #expect(try store.fetchAll(Book.self).isEmpty)
        #expect(store.observers.deliveries == 0)
    }
}
