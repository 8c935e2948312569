import Foundation

extension SQLiteStore {
    /// Saves models in one transaction, replacing those whose id is stored already (they keep their place).
    ///
    /// The models are encoded before the transaction starts: a model that cannot be encoded saves nothing.
    /// - Parameter models: The models; an empty list does nothing.
    public func save<T: Persistable>(_ models: [T]) throws(StoreError) {
        guard !models.isEmpty else {
            return
        }
        try write([StoreBatch(models, database: name)], while: "saving \(T.storeName) models")
    }

    /// Saves models of any types in one transaction (all or nothing), grouped by store name.
    ///
    /// Package-level: the entry `PersistingRepository` uses for the models it finds in a result (see
    /// ``persistables(in:)``), whose types it does not know statically.
    /// - Parameter persistables: The models; an empty list does nothing.
    package func save(persistables: [any Persistable]) throws(StoreError) {
        guard !persistables.isEmpty else {
            return
        }
        let batches = try StoreBatch.grouped(persistables, database: name)
        try write(batches, while: "saving \(batches.map(\.storeName).joined(separator: ", ")) models")
    }

    /// Deletes the model with this id; does nothing when there is none.
    /// - Parameters:
    ///   - type: The model's type.
    ///   - id: Its id.
    public func delete<T: Persistable>(_ type: T.Type, id: T.ID) throws(StoreError) {
        try transaction(while: "deleting a \(T.storeName) model") { writer throws(StoreError) in
            try writer.withStatement(
                StoreSchema.deleteOne, binding: [.text(T.storeName), .text(id.description)],
                while: "deleting a \(T.storeName) model"
            ) { statement throws(StoreError) in try statement.run() }
            return writer.changes > 0 ? [T.storeName] : []
        }
    }

    /// Deletes every model of a type (every model filed under its store name).
    /// - Parameter type: The models' type.
    public func deleteAll<T: Persistable>(_ type: T.Type) throws(StoreError) {
        try transaction(while: "deleting every \(T.storeName) model") { writer throws(StoreError) in
            try writer.withStatement(
                StoreSchema.deleteAll, binding: [.text(T.storeName)], while: "deleting every \(T.storeName) model"
            ) { statement throws(StoreError) in try statement.run() }
            return writer.changes > 0 ? [T.storeName] : []
        }
    }

    /// Upserts encoded batches in one transaction.
    private func write(_ batches: [StoreBatch], while action: String) throws(StoreError) {
        try transaction(while: action) { writer throws(StoreError) in
            for batch in batches {
                try writer.withStatement(
                    StoreSchema.upsertBatch, binding: [.text(batch.storeName), .utf8(batch.json)], while: action
                ) { statement throws(StoreError) in try statement.run() }
            }
            return Set(batches.map(\.storeName))
        }
    }

    /// Runs `body` in a `BEGIN IMMEDIATE` transaction on the writer, rolling back when it fails; after the commit,
    /// tells the observers of the store names `body` returns (those it changed), which fetch their rows on their
    /// own queues.
    private func transaction(
        while action: String, _ body: (SQLiteConnection) throws(StoreError) -> Set<String>
    ) throws(StoreError) {
        try withWriter { writer throws(StoreError) in
            try writer.execute("BEGIN IMMEDIATE", while: action)
            let changed: Set<String>
            do throws(StoreError) {
                changed = try body(writer)
                try writer.execute("COMMIT", while: action)
            } catch {
                // SQLite may have rolled back already (a full disk does); a failed ROLLBACK leaves nothing to undo.
                if !writer.isAutocommit {
                    try? writer.execute("ROLLBACK", while: action)
                }
                throw error
            }
            for storeName in observers.observed(among: changed) {
                observers.notify(storeName)
            }
        }
    }
}
