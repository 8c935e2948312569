/// Entries in memory, bounded by their bytes (``CachedResponse/size`` plus the name), least recently used
/// evicted first.
final class MemoryCacheStorage: CacheStorage {
    private let capacity: Int
    private var entries: [String: (entry: CachedResponse, size: Int, lastUse: UInt64)] = [:]
    private var totalSize = 0
    private var clock: UInt64 = 0

    /// Creates an empty storage of `capacity` bytes.
    init(capacity: Int) {
        self.capacity = max(capacity, 0)
    }

    /// The bytes held, for tests.
    var size: Int { totalSize }

    func load(_ name: String) -> CachedResponse? {
        guard let found = entries[name] else {
            return nil
        }
        clock += 1
        entries[name]?.lastUse = clock
        return found.entry
    }

    func save(_ entry: CachedResponse, as name: String) {
        remove(name)
        let size = entry.size + name.utf8.count
        guard size <= capacity / 4 else {
            return
        }
        clock += 1
        entries[name] = (entry, size, clock)
        totalSize += size
        while totalSize > capacity, let oldest = entries.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            remove(oldest.key)
        }
    }

    func remove(prefix: String) {
        for name in entries.keys where name.hasPrefix(prefix) {
            remove(name)
        }
    }

    func removeAll() {
        entries = [:]
        totalSize = 0
    }

    private func remove(_ name: String) {
        if let removed = entries.removeValue(forKey: name) {
            totalSize -= removed.size
        }
    }
}
