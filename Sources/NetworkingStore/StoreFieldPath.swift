/// A field of filters and `orderBy` as the SQLite JSON path it stands for: `author.name` is `$."author"."name"`.
///
/// Each component is quoted, so that keys holding `.`-free punctuation, spaces or `[` stay keys; a `"` (which
/// SQLite's path syntax cannot escape) or an empty component is refused. The path is bound as a parameter.
struct StoreFieldPath {
    /// The JSON path, such as `$."author"."name"`.
    let jsonPath: String

    /// Checks `field` and builds its path.
    /// - Parameters:
    ///   - field: A dotted path of object keys.
    ///   - storeName: Where the fetch looks, for the message.
    ///   - database: The database as messages name it.
    init(_ field: String, storeName: String, database: String) throws(StoreError) {
        let components = field.split(separator: ".", omittingEmptySubsequences: false)
        guard !field.contains("\""), components.allSatisfy({ !$0.isEmpty }) else {
            throw StoreError(
                "SQLite store \(database): the field \"\(field)\" of a \(storeName) query is not a dotted path of "
                    + "object keys without '\"' and empty components (while building the query)")
        }
        jsonPath = "$" + components.map { ".\"\($0)\"" }.joined()
    }
}
