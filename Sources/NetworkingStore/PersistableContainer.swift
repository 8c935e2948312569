/// A decoded response whose nested models are persisted, such as a page holding a list of books.
///
/// ```swift
/// struct BookPage: Decodable, PersistableContainer {
///     let books: [Book]
///     let nextCursor: String?
///
///     var persistables: [any Persistable] { books }
/// }
/// ```
public protocol PersistableContainer: Sendable {
    /// The models to save, of one type or several.
    var persistables: [any Persistable] { get }
}
