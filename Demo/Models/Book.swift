import NetworkingStore

/// A book of the demo API.
struct Book: Codable, Equatable, Sendable {
    var id: Int
    var title: String
    var author: String
    var year: Int
    var genre: String
}

/// One page of books, as `GET books?page=N` returns it.
struct BooksPage: Decodable, Sendable {
    struct Page: Decodable, Sendable {
        var current: Int
        var total: Int
    }

    var books: [Book]
    var page: Page
}

/// The body of `POST books`.
struct NewBook: Encodable, Sendable {
    var title: String
    var author: String
    var year: Int
    var genre: String
}

/// Books are saved in the tour's SQLite store, by `id`.
extension Book: Persistable {}
