import Foundation

/// A value bound to a statement parameter: every value a query uses travels this way, never inside the SQL text.
enum SQLiteValue: Sendable {
    case int(Int64)
    case double(Double)
    case text(String)
    /// UTF-8 text already in bytes (encoded JSON), bound without converting it to a `String` first.
    case utf8(Data)
}
