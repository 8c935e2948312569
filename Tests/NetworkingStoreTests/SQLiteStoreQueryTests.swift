import Foundation
import Networking
import Testing

@testable import NetworkingStore

@Suite("SQLiteStore: filters, order and limit", .timeLimit(.minutes(2)))
struct SQLiteStoreQueryTests {
    /// Five books with distinct values in every field.
    static let library: [Book] = [
        Book(
            id: 1, title: "A Wizard of Earthsea", author: Author(name: "Ursula K. Le Guin", born: 1929), year: 1968,
            rating: 4.5, inPrint: true, tags: ["fantasy"]),
        Book(
            id: 2, title: "Dune", author: Author(name: "Frank Herbert", born: 1920), year: 1965, rating: 4.25,
            inPrint: true, subtitle: "Book One", tags: ["sf", "desert"]),
        Book(
            id: 3, title: "The Left Hand of Darkness", author: Author(name: "Ursula K. Le Guin", born: 1929),
            year: 1969, rating: 4.0, inPrint: false, tags: ["sf"]),
        Book(
            id: 4, title: "Solaris", author: Author(name: "Stanisław Lem", born: nil), year: 1961, rating: 4.25,
            inPrint: false, subtitle: "3"),
        Book(
            id: 5, title: "Roadside Picnic", author: Author(name: "Arkady Strugatsky", born: 1925), year: 1972,
            rating: 4.75, inPrint: true),
    ]

    private func store() throws -> SQLiteStore {
        let store = try SQLiteStore.inMemory()
        try store.save(Self.library)
        return store
    }

    private func ids(_ filter: StoreFilter) throws -> [Int] {
        try store().fetchAll(Book.self, where: filter).map(\.id)
    }

    @Test(
        "equals matches strings, ints, doubles and bools by type, on nested fields too",
        arguments: [
            (StoreFilter.equals("author.name", "Ursula K. Le Guin"), [1, 3]),
            (.equals("title", "Dune"), [2]),
            (.equals("title", "dune"), []),
            (.equals("year", 1969), [3]),
            (.equals("author.born", 1929), [1, 3]),
            (.equals("rating", 4.25), [2, 4]),
            (.equals("rating", 4), [3]),
            (.equals("year", 1969.0), [3]),
            (.equals("inPrint", true), [1, 2, 5]),
            (.equals("inPrint", false), [3, 4]),
            (.equals("subtitle", "3"), [4]),
            (.equals("subtitle", 3), []),
            (.equals("inPrint", 1), []),
            (.equals("missing", "x"), []),
        ]
    )
    func equals(filter: StoreFilter, expected: [Int]) throws {
        #expect(try ids(filter) == expected)
    }

    @Test("equals null matches a null or missing field (Codable leaves nil out), not a present one")
    func equalsNull() throws {
        #expect(try ids(.equals("subtitle", .null)) == [1, 3, 5])
        #expect(try ids(.equals("author.born", .null)) == [4])
        #expect(try ids(.equals("title", .null)) == [])
    }

    @Test("equals on arrays and objects compares their JSON, whatever the key order given")
    func equalsArraysAndObjects() throws {
        #expect(try ids(.equals("tags", ["sf"])) == [3])
        #expect(try ids(.equals("tags", ["sf", "desert"])) == [2])
        #expect(try ids(.equals("tags", [])) == [4, 5])
        #expect(try ids(.equals("author", ["born": 1920, "name": "Frank Herbert"])) == [2])
        #expect(try ids(.equals("author", .object(["name": "Frank Herbert", "born": 1920]))) == [2])
        #expect(try ids(.equals("tags", "[\"sf\"]")) == [])
    }

    @Test("contains is a case-sensitive substring of the field's text")
    func contains() throws {
        #expect(try ids(.contains("title", "Dark")) == [3])
        #expect(try ids(.contains("title", "dark")) == [])
        #expect(try ids(.contains("author.name", "Le Guin")) == [1, 3])
        #expect(try ids(.contains("year", "96")) == [1, 2, 3, 4])
        #expect(try ids(.contains("subtitle", "")) == [2, 4])
    }

    @Test("and matches what every filter matches; an empty and matches everything")
    func and() throws {
        #expect(try ids(.and([.equals("author.name", "Ursula K. Le Guin"), .equals("inPrint", false)])) == [3])
        let inPrintIn1972 = StoreFilter.and([.equals("inPrint", true), .equals("year", 1972)])
        let nested = StoreFilter.and([.contains("title", "a"), inPrintIn1972])
        #expect(try ids(nested) == [5])
        #expect(try ids(.and([])) == [1, 2, 3, 4, 5])
    }

    @Test("orderBy sorts on nested fields both ways, ties in insertion order, and limit cuts the list")
    func orderAndLimit() throws {
        let store = try store()

        #expect(try store.fetchAll(Book.self, orderBy: "year").map(\.id) == [4, 2, 1, 3, 5])
        #expect(try store.fetchAll(Book.self, orderBy: "year", ascending: false).map(\.id) == [5, 3, 1, 2, 4])
        #expect(try store.fetchAll(Book.self, orderBy: "author.name").map(\.id) == [5, 2, 4, 1, 3])
        #expect(try store.fetchAll(Book.self, orderBy: "rating").map(\.id) == [3, 2, 4, 1, 5])
        #expect(try store.fetchAll(Book.self, orderBy: "author.born", limit: 2).map(\.id) == [4, 2])
        #expect(try store.fetchAll(Book.self, limit: 3).map(\.id) == [1, 2, 3])
        #expect(try store.fetchAll(Book.self, limit: 0).isEmpty)
        let filtered = try store.fetchAll(
            Book.self, where: .equals("inPrint", true), orderBy: "rating", ascending: false, limit: 2)
        #expect(filtered.map(\.id) == [5, 1])
    }

    @Test(
        "a field with a quote or an empty component, and a negative limit, are refused naming the field",
        arguments: ["title\"", "author..name", ".title", "title.", "", "a\"); DROP TABLE persisted_models; --"]
    )
    func refusedFields(field: String) throws {
        let store = try store()

        let byFilter = storeError { () throws(StoreError) in
            _ = try store.fetchAll(Book.self, where: .equals(field, 1))
        }
        let byOrder = storeError { () throws(StoreError) in _ = try store.fetchAll(Book.self, orderBy: field) }
        let byContains = storeError { () throws(StoreError) in
            _ = try store.fetchAll(Book.self, where: .and([.contains(field, "x")]))
        }

        for error in [byFilter, byOrder, byContains] {
            let message = try #require(error?.message)
            #expect(message.contains("the field \"\(field)\" of a Book query"))
        }
        #expect(try store.fetchAll(Book.self).count == 5)
    }

    @Test("a negative limit is refused")
    func negativeLimit() throws {
        let store = try store()

        let error = storeError { () throws(StoreError) in _ = try store.fetchAll(Book.self, limit: -1) }

        #expect(error?.message.contains("the limit -1 of a Book query is negative") == true)
    }

    @Test("SQL in values and fields is stored and matched as plain text, never run")
    func injection() throws {
        // Given
        let store = try store()
        let hostile = "x'); DROP TABLE persisted_models; --"
        let book = Book(id: 99, title: hostile, author: Author(name: "Robert'); DELETE FROM persisted_models; --"))
        try store.save([book])
        try store.save([Tag(id: "' OR '1'='1", label: "quoted id")])

        // When / Then: values are compared as they are
        #expect(try store.fetchAll(Book.self, where: .equals("title", .string(hostile))) == [book])
        #expect(try store.fetchAll(Book.self, where: .contains("author.name", "'); DELETE")) == [book])
        #expect(try store.fetch(Book.self, id: 99) == book)
        #expect(try store.fetch(Tag.self, id: "' OR '1'='1")?.label == "quoted id")
        #expect(try store.fetch(Tag.self, id: "anything' OR '1'='1") == nil)

        // Fields without a quote are object keys, whatever they hold: no key matches, nothing runs
        let keys = ["title') OR 1=1 --", "title' OR '1'='1", "title; DROP TABLE persisted_models", "$.title", "*"]
        for key in keys {
            #expect(try store.fetchAll(Book.self, where: .equals(key, 1)).isEmpty)
            #expect(try store.fetchAll(Book.self, where: .contains(key, "")).isEmpty)
            #expect(try store.fetchAll(Book.self, orderBy: key).count == 6)
        }
        #expect(try store.fetchAll(Book.self).count == 6)
    }

    @Test("a field is the JSON path of its quoted keys")
    func fieldPaths() throws {
        let nested = try StoreFieldPath("author.name", storeName: "Book", database: "db")
        #expect(nested.jsonPath == "$.\"author\".\"name\"")
        #expect(try StoreFieldPath("a b[0]", storeName: "Book", database: "db").jsonPath == "$.\"a b[0]\"")
    }
}
