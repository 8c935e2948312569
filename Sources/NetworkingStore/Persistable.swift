/// A decoded model that a ``SQLiteStore`` keeps, one row per ``storeName`` and `id`.
///
/// Conform a model that already is `Codable` and `Identifiable`; its `id` (an `Int`, a `String`, a `UUID`) is
/// stored as its `description`, and saving a model whose id is already stored replaces it (an upsert).
///
/// ```swift
/// struct Book: Persistable {
///     let id: Int
///     let title: String
/// }
///
/// let store = try SQLiteStore(at: URL(filePath: "/var/lib/app/books.sqlite"))
/// try store.save([Book(id: 1, title: "Dune")])
/// let book = try store.fetch(Book.self, id: 1)
/// ```
public protocol Persistable: Codable, Sendable, Identifiable where ID: CustomStringConvertible & Sendable {
    /// The name the store files this type's rows under; by default the type's name (`"Book"`).
    ///
    /// Give two types that share a name (in different modules) names of their own, and give a type that is
    /// renamed its old name to keep reading the rows it saved.
    static var storeName: String { get }
}

extension Persistable {
    /// The type's name, such as `"Book"` (generic types include their arguments: `"Page<Book>"`).
    public static var storeName: String {
        String(describing: Self.self)
    }
}
