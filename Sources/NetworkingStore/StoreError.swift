/// A failure of a ``SQLiteStore``: its message names the database file, what failed and during what, such as
/// `SQLite store /var/lib/app/books.sqlite: file is not a database (while opening)`.
public struct StoreError: Error, Sendable, CustomStringConvertible {
    /// What failed, naming the database file.
    public let message: String

    /// Creates an error with the message it shows.
    /// - Parameter message: What failed, naming the database file.
    public init(_ message: String) {
        self.message = message
    }

    /// The message.
    public var description: String {
        message
    }
}
