import Foundation
import NetworkingStore

/// An author nested in a book, to filter and order on nested fields.
struct Author: Codable, Sendable, Equatable {
    var name: String
    var born: Int?
}

/// A model with an Int id and fields of every JSON kind.
struct Book: Persistable, Equatable {
    let id: Int
    var title: String
    var author = Author(name: "Ursula K. Le Guin", born: 1929)
    var year = 1970
    var rating = 4.5
    var inPrint = true
    var subtitle: String?
    var tags: [String] = []
    var published = Date(timeIntervalSince1970: 1_700_000_000)
}

/// A model with a String id.
struct Tag: Persistable, Equatable {
    let id: String
    var label: String
}

/// A model with a UUID id.
struct Note: Persistable, Equatable {
    let id: UUID
    var text: String
}

/// A model with a store name of its own.
struct Shelf: Persistable, Equatable {
    static let storeName = "shelves"
    let id: Int
    var name: String
}

/// Another type filed under Shelf's store name, which reads the rows Shelf saved.
struct RenamedShelf: Persistable, Equatable {
    static let storeName = "shelves"
    let id: Int
    var name: String
}

/// A model that cannot be encoded when its value is not finite (JSONEncoder refuses NaN).
struct Measurement: Persistable {
    let id: Int
    var value: Double
}

/// A decoded page whose books are persisted.
struct BookPage: PersistableContainer {
    var books: [Book]
    var persistables: [any Persistable] { books }
}

/// Books 1 to `count`, titled "Book 1"…
func books(_ count: Int, from first: Int = 1) -> [Book] {
    (first..<first + count).map { Book(id: $0, title: "Book \($0)") }
}
