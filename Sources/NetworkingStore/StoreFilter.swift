public import Networking

/// A condition on stored models' JSON, for ``SQLiteStore/fetchAll(_:where:orderBy:ascending:limit:)``.
///
/// A field is a dotted path of object keys in the model's JSON as its `Encodable` conformance writes it
/// (`"author.name"` is the `name` of the `author` object). A field holding `"` or an empty component (`"a..b"`)
/// is refused with a ``StoreError`` when the fetch runs. Values are bound as parameters, never written into SQL.
///
/// ```swift
/// let tolkien = try store.fetchAll(
///     Book.self,
///     where: .and([.equals("author.name", "J. R. R. Tolkien"), .contains("title", "Ring")]),
///     orderBy: "year")
/// ```
public struct StoreFilter: Sendable {
    /// The condition.
    indirect enum Condition: Sendable {
        case equals(field: String, value: JSONValue)
        case contains(field: String, text: String)
        case all([StoreFilter])
    }

    /// The condition.
    let condition: Condition

    private init(_ condition: Condition) {
        self.condition = condition
    }

    /// Matches models whose field equals a JSON value.
    ///
    /// Numbers match numerically (`.int(3)` matches `3` and `3.0`), strings match strings only (`"3"` is not
    /// `3`), `.bool` matches `true` or `false` only (not `1`), and `.null` matches a field holding `null` or
    /// missing (Swift's `Codable` leaves a `nil` optional out). Arrays and objects match the field's JSON compared
    /// as compact text with sorted keys, as the store writes models.
    /// - Parameters:
    ///   - field: A dotted path of object keys, such as `"author.name"`.
    ///   - value: The value to match.
    public static func equals(_ field: String, _ value: JSONValue) -> StoreFilter {
        StoreFilter(.equals(field: field, value: value))
    }

    /// Matches models whose field's text contains `text`, comparing case-sensitively.
    ///
    /// The field's text is a string's own text, a number's decimal form, or an array's or object's JSON; a
    /// missing or `null` field matches nothing.
    /// - Parameters:
    ///   - field: A dotted path of object keys, such as `"author.name"`.
    ///   - text: The text to look for; an empty text matches every field that is present and not `null`.
    public static func contains(_ field: String, _ text: String) -> StoreFilter {
        StoreFilter(.contains(field: field, text: text))
    }

    /// Matches models that every filter matches; an empty list matches every model.
    /// - Parameter filters: The filters that must all match.
    public static func and(_ filters: [StoreFilter]) -> StoreFilter {
        StoreFilter(.all(filters))
    }
}
