import Foundation
import Networking

extension SQLiteStore {
    /// The model with this id, or `nil` when there is none.
    /// - Parameters:
    ///   - type: The model's type.
    ///   - id: Its id.
    public func fetch<T: Persistable>(_ type: T.Type, id: T.ID) throws(StoreError) -> T? {
        let action = "fetching a \(T.storeName) model"
        let json = try read { reader throws(StoreError) in
            try reader.withStatement(
                StoreSchema.fetchOne, binding: [.text(T.storeName), .text(id.description)], while: action
            ) { statement throws(StoreError) -> Data? in
                var bytes: [UInt8] = []
                return try statement.step() && statement.appendText(at: 0, to: &bytes) ? Data(bytes) : nil
            }
        }
        guard let json else {
            return nil
        }
        return try decode(T.self, from: json, as: T.self, while: action)
    }

    /// The models of a type that match a filter, in insertion order or ordered by a field.
    ///
    /// ```swift
    /// let latest = try store.fetchAll(Book.self, where: .contains("title", "Sea"), orderBy: "published",
    ///                                 ascending: false, limit: 20)
    /// ```
    /// - Parameters:
    ///   - type: The models' type.
    ///   - filter: Which models to return; `nil` for all.
    ///   - field: A dotted path of object keys (`"author.name"`) to order by, compared as SQLite compares values
    ///     (numbers before text, missing and `null` first), ties in insertion order; `nil` for insertion order (a
    ///     saved model that replaced another keeps its place).
    ///   - ascending: Whether the order is ascending (`true`) or descending.
    ///   - limit: The most models to return; `nil` for no limit. A negative limit throws.
    public func fetchAll<T: Persistable>(
        _ type: T.Type, where filter: StoreFilter? = nil, orderBy field: String? = nil, ascending: Bool = true,
        limit: Int? = nil
    ) throws(StoreError) -> [T] {
        let action = "fetching \(T.storeName) models"
        let query = try StoreQuery(
            storeName: T.storeName, database: name, filter: filter, orderBy: field, ascending: ascending,
            limit: limit)
        let rows = try read { reader throws(StoreError) in
            try Self.rows(of: query.sql, binding: query.values, on: reader, while: action)
        }
        return try decode([T].self, from: rows, as: T.self, while: action)
    }

    /// Every row of a store name, in insertion order, as one JSON array.
    func rows(of storeName: String, on connection: SQLiteConnection) throws(StoreError) -> Data {
        try Self.rows(
            of: StoreSchema.fetchAllInOrder, binding: [.text(storeName)], on: connection,
            while: "fetching \(storeName) models")
    }

    /// The `json` column of every row a query returns, joined into one JSON array: the rows are then decoded
    /// with one `JSONDecoder` call (much faster than one per row), without SQLite parsing them again.
    private static func rows(
        of sql: String, binding values: [SQLiteValue], on connection: SQLiteConnection, while action: String
    ) throws(StoreError) -> Data {
        try connection.withStatement(sql, binding: values, while: action) { statement throws(StoreError) in
            var bytes: [UInt8] = [UInt8(ascii: "[")]
            while try statement.step() {
                if bytes.count > 1 {
                    bytes.append(UInt8(ascii: ","))
                }
                _ = statement.appendText(at: 0, to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
            return Data(bytes)
        }
    }

    /// Decodes stored JSON (a model or an array of them), failing with an error that names the store, the model
    /// type and the coding path.
    private func decode<Value: Decodable, Model: Persistable>(
        _ type: Value.Type, from json: Data, as model: Model.Type, while action: String
    ) throws(StoreError) -> Value {
        do {
            return try JSONDecoder.networking.decode(type, from: json)
        } catch {
            throw StoreError(
                "SQLite store \(name): cannot decode \(Model.storeName) rows as \(Model.self): \(error) "
                    + "(while \(action))")
        }
    }
}
