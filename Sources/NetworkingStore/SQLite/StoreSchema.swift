/// The database layout and the fixed SQL the store runs.
///
/// One table holds every model: `store_name` (``Persistable/storeName``), `id` (the id's `description`) and
/// `json` (the model encoded with ISO 8601 dates and sorted keys, as repositories encode bodies). It is an
/// ordinary rowid table, so rows come back in insertion order by default, and an upsert (`ON CONFLICT DO UPDATE`)
/// keeps a row's rowid and with it its place. `PRAGMA user_version` records the layout's version for migrations.
enum StoreSchema {
    /// The layout version written to `PRAGMA user_version`.
    static let version = 1

    /// Creates the table when missing.
    static let create = """
        CREATE TABLE IF NOT EXISTS persisted_models (
            store_name TEXT NOT NULL,
            id TEXT NOT NULL,
            json TEXT NOT NULL,
            PRIMARY KEY (store_name, id)
        );
        PRAGMA user_version = \(version);
        """

    /// Upserts every `[id, model]` pair of the JSON array ?2 under the store name ?1, in the array's order.
    ///
    /// The whole batch is encoded once (one `JSONEncoder` call instead of one per model, which is slow on Linux)
    /// and split by SQLite's `json_each`. `WHERE true` is SQLite's required disambiguation of an upsert whose
    /// rows come from a `SELECT`.
    static let upsertBatch = """
        INSERT INTO persisted_models (store_name, id, json)
        SELECT ?1, value ->> 0, value -> 1 FROM json_each(?2) WHERE true
        ON CONFLICT (store_name, id) DO UPDATE SET json = excluded.json
        """

    /// One model's JSON by store name and id.
    static let fetchOne = "SELECT json FROM persisted_models WHERE store_name = ?1 AND id = ?2"

    /// Deletes one model by store name and id.
    static let deleteOne = "DELETE FROM persisted_models WHERE store_name = ?1 AND id = ?2"

    /// Deletes every model of a store name.
    static let deleteAll = "DELETE FROM persisted_models WHERE store_name = ?1"

    /// Every model of a store name, in insertion order (what `changes(of:)` streams).
    static let fetchAllInOrder = "SELECT json FROM persisted_models WHERE store_name = ?1 ORDER BY rowid"
}
