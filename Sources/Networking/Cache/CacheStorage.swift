/// Where a ``ResponseCache`` keeps its entries, by ``CacheKey/name``. Used only under the cache's lock, so an
/// implementation needs no locking of its own. Each storage bounds itself by bytes, least recently used first.
protocol CacheStorage: AnyObject {
    /// The entry named `name`, marked as just used; `nil` when absent or unreadable (and then removed).
    /// - Throws: When the storage cannot be used at all (a folder that cannot be created).
    func load(_ name: String) throws -> CachedResponse?
    /// Stores `entry` under `name`, replacing any earlier one, then evicts the least recently used entries
    /// beyond the capacity. An entry larger than a quarter of the capacity is not stored (an earlier one of that
    /// name is removed).
    /// - Throws: When the storage cannot be written.
    func save(_ entry: CachedResponse, as name: String) throws
    /// Removes every entry whose name starts with `prefix`.
    func remove(prefix: String) throws
    /// Removes every entry.
    func removeAll() throws
}
