import Foundation
import Networking

/// The SQL of a `fetchAll` and the values it binds, built from its filter, order and limit.
///
/// Only fixed SQL text is written here; fields (as JSON paths) and values are always bound, so a query's text
/// depends on the filter's shape alone and its prepared statement is reused for other values.
struct StoreQuery {
    private(set) var sql = "SELECT json FROM persisted_models WHERE store_name = ?"
    private(set) var values: [SQLiteValue]
    private let storeName: String
    private let database: String

    /// Builds the query.
    init(
        storeName: String, database: String, filter: StoreFilter?, orderBy field: String?, ascending: Bool,
        limit: Int?
    ) throws(StoreError) {
        self.storeName = storeName
        self.database = database
        values = [.text(storeName)]
        if let filter {
            sql += " AND "
            try append(filter)
        }
        if let field {
            sql += " ORDER BY json_extract(json, ?) \(ascending ? "ASC" : "DESC"), rowid"
            values.append(.text(try path(field)))
        } else {
            sql += " ORDER BY rowid"
        }
        if let limit {
            guard limit >= 0 else {
                throw StoreError(
                    "SQLite store \(database): the limit \(limit) of a \(storeName) query is negative "
                        + "(while building the query)")
            }
            sql += " LIMIT ?"
            values.append(.int(Int64(limit)))
        }
    }

    private func path(_ field: String) throws(StoreError) -> String {
        try StoreFieldPath(field, storeName: storeName, database: database).jsonPath
    }

    private mutating func append(_ filter: StoreFilter) throws(StoreError) {
        switch filter.condition {
        case .equals(let field, let value):
            try appendEquals(path(field), value)
        case .contains(let field, let text):
            sql += "instr(json_extract(json, ?), ?) > 0"
            values += [.text(try path(field)), .text(text)]
        case .all(let filters):
            guard !filters.isEmpty else {
                sql += "1"
                return
            }
            sql += "("
            for (index, filter) in filters.enumerated() {
                sql += index == 0 ? "(" : " AND ("
                try append(filter)
                sql += ")"
            }
            sql += ")"
        }
    }

    private mutating func appendEquals(_ path: String, _ value: JSONValue) throws(StoreError) {
        switch value {
        case .null:
            // json_type is NULL for a missing field, which counts as null (Codable leaves nil optionals out).
            sql += "coalesce(json_type(json, ?), 'null') = 'null'"
            values.append(.text(path))
        case .bool(let flag):
            // Not json_extract, which gives true and false as 1 and 0 (the numbers); json_type names them.
            sql += "json_type(json, ?) = ?"
            values += [.text(path), .text(flag ? "true" : "false")]
        case .int(let number):
            // json_extract gives true as 1: the type check keeps numbers from matching bools.
            sql += "(json_type(json, ?) IN ('integer', 'real') AND json_extract(json, ?) = ?)"
            values += [.text(path), .text(path), .int(Int64(number))]
        case .double(let number):
            sql += "(json_type(json, ?) IN ('integer', 'real') AND json_extract(json, ?) = ?)"
            values += [.text(path), .text(path), .double(number)]
        case .string(let text):
            // json_extract gives a JSON string as SQL text and other values as numbers or JSON, so "3" is not 3.
            sql += "(json_type(json, ?) = 'text' AND json_extract(json, ?) = ?)"
            values += [.text(path), .text(path), .text(text)]
        case .array, .object:
            // Both sides minified by SQLite; keys are sorted on both (the store's encoder, JSONValue's description).
            sql += "(json_type(json, ?) IN ('array', 'object') AND json_extract(json, ?) = json(?))"
            values += [.text(path), .text(path), .text(value.description)]
        }
    }
}
