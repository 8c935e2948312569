import Foundation
import Networking
import Testing

@testable import NetworkingStore

@Suite("SQLiteStore: saving, fetching, deleting", .timeLimit(.minutes(2)))
struct SQLiteStoreCRUDTests {
    @Test("a saved model comes back equal by its Int id; an unknown id gives nil")
    func saveAndFetchByIntID() throws {
        // Given
        let store = try SQLiteStore.inMemory()
        let book = Book(id: 7, title: "The Dispossessed", subtitle: "An Ambiguous Utopia", tags: ["sf", "anarchy"])

        // When
        try store.save([book, Book(id: 8, title: "Other")])

        // Then
        #expect(try store.fetch(Book.self, id: 7) == book)
        #expect(try store.fetch(Book.self, id: 9) == nil)
    }

    @Test("models with String and UUID ids are fetched by those ids")
    func stringAndUUIDIDs() throws {
        // Given
        let store = try SQLiteStore.inMemory()
        let noteID = UUID()
        try store.save([Tag(id: "sf", label: "Science fiction"), Tag(id: "SF", label: "Upper case")])
        try store.save([Note(id: noteID, text: "remember"), Note(id: UUID(), text: "other")])

        // Then
        #expect(try store.fetch(Tag.self, id: "sf") == Tag(id: "sf", label: "Science fiction"))
        #expect(try store.fetch(Tag.self, id: "SF") == Tag(id: "SF", label: "Upper case"))
        #expect(try store.fetch(Tag.self, id: "sF") == nil)
        #expect(try store.fetch(Note.self, id: noteID) == Note(id: noteID, text: "remember"))
        #expect(try store.fetch(Note.self, id: UUID()) == nil)
    }

    @Test("saving a stored id replaces the model and keeps its place in insertion order")
    func upsertKeepsPlace() throws {
        // Given
        let store = try SQLiteStore.inMemory()
        try store.save(books(3))

        // When
        try store.save([Book(id: 2, title: "Replaced"), Book(id: 4, title: "New")])

        // Then
        let titles = try store.fetchAll(Book.self).map(\.title)
        #expect(titles == ["Book 1", "Replaced", "Book 3", "New"])
    }

    @Test("the last of two models with one id in one save wins")
    func duplicateInOneSave() throws {
        let store = try SQLiteStore.inMemory()

        try store.save([Book(id: 1, title: "first"), Book(id: 1, title: "second")])

        #expect(try store.fetchAll(Book.self).map(\.title) == ["second"])
    }

    @Test("saving nothing does nothing")
    func emptySave() throws {
        let store = try SQLiteStore.inMemory()

        try store.save([Book]())

        #expect(try store.fetchAll(Book.self).isEmpty)
    }

    @Test("delete removes one model, an unknown id is no error, deleteAll empties only its type")
    func deleting() throws {
        // Given
        let store = try SQLiteStore.inMemory()
        try store.save(books(3))
        try store.save([Tag(id: "a", label: "A")])

        // When
        try store.delete(Book.self, id: 2)
        try store.delete(Book.self, id: 42)

        // Then
        #expect(try store.fetchAll(Book.self).map(\.id) == [1, 3])

        // When
        try store.deleteAll(Book.self)

        // Then
        #expect(try store.fetchAll(Book.self).isEmpty)
        #expect(try store.fetchAll(Tag.self) == [Tag(id: "a", label: "A")])
    }

    @Test("the store name defaults to the type's name; a custom one files rows under it")
    func storeNames() throws {
        // Given
        let store = try SQLiteStore.inMemory()

        // When: the same id under two store names
        try store.save([Book(id: 1, title: "A book")])
        try store.save([Shelf(id: 1, name: "Hall")])

        // Then
        #expect(Book.storeName == "Book")
        #expect(Shelf.storeName == "shelves")
        #expect(try store.fetch(Book.self, id: 1)?.title == "A book")
        #expect(try store.fetch(RenamedShelf.self, id: 1) == RenamedShelf(id: 1, name: "Hall"))
        let names = try store.withWriter { writer throws(StoreError) in
            try writer.withStatement(
                "SELECT group_concat(store_name, ',') FROM (SELECT store_name FROM persisted_models ORDER BY rowid)",
                while: "test"
            ) { statement throws(StoreError) in try statement.step() ? statement.text(at: 0) : nil }
        }
        #expect(names == "Book,shelves")
    }

    @Test("saveFailureHandler keeps the handler it is given, nil by default")
    func saveFailureHandler() throws {
        // Given
        let store = try SQLiteStore.inMemory()
        let received = Locked<[String]>([])
        #expect(store.saveFailureHandler == nil)

        // When
        store.saveFailureHandler = { error in received.withLock { $0.append(error.message) } }
        store.saveFailureHandler?(StoreError("first"))
        store.saveFailureHandler = nil

        // Then
        #expect(store.saveFailureHandler == nil)
        #expect(received.withLock { $0 } == ["first"])
    }

    @Test("a file store keeps its models, dates included, when opened again")
    func reopening() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("books.sqlite")
        let book = Book(id: 1, title: "Kept", published: Date(timeIntervalSince1970: 1_234_567_890.5))
        try SQLiteStore(at: url).save([book])

        // When
        let reopened = try SQLiteStore(at: url)

        // Then
        #expect(try reopened.fetchAll(Book.self) == [book])
    }

    @Test("rows another type cannot decode give an error naming the store and the type")
    func undecodableRows() throws {
        // Given: Book rows read as another type filed under the same name
        struct Impostor: Persistable {
            static let storeName = "Book"
            let id: Int
            let label: String
        }
        let store = try SQLiteStore.inMemory()
        try store.save(books(1))

        // When
        let error = storeError { () throws(StoreError) in _ = try store.fetchAll(Impostor.self) }

        // Then
        let message = try #require(error?.message)
        #expect(message.hasPrefix("SQLite store (in memory): cannot decode Book rows as Impostor: "))
        #expect(message.contains("label"))
    }
}
