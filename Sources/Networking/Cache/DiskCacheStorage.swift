import Foundation

/// Entries in a folder, one file per entry named by its ``CacheKey/name`` (hashes only: no URL or token in a
/// file name), each written atomically with mode 0600. An index of names, sizes and last uses is built from the
/// folder at first use; the folder is created (0700) then. Bounded by the files' bytes, least recently used
/// evicted first (last use starts from the files' modification times). One instance per folder: files another
/// instance writes after this one's index was built are not seen.
final class DiskCacheStorage: CacheStorage {
    let folder: URL
    private let capacity: Int
    private var index: [String: (size: Int, lastUse: UInt64)]?
    private var totalSize = 0
    private var clock: UInt64 = 0

    /// Creates a storage in `folder` bounded by `capacity` bytes; nothing is read or written yet.
    init(folder: URL, capacity: Int) {
        self.folder = folder
        self.capacity = max(capacity, 0)
    }

    func load(_ name: String) throws -> CachedResponse? {
        try prepare()
        guard index?[name] != nil else {
            return nil
        }
        guard let data = try? Data(contentsOf: file(name)), let entry = CachedResponse.decoded(data, name: name) else {
            // Unreadable, truncated or corrupt: a miss, and the file goes.
            discard(name)
            return nil
        }
        clock += 1
        index?[name]?.lastUse = clock
        return entry
    }

    func save(_ entry: CachedResponse, as name: String) throws {
        try prepare()
        let data = try entry.encoded(name: name)
        guard data.count <= capacity / 4 else {
            discard(name)
            return
        }
        try PrivateFile.write(data, to: file(name))
        forget(name)
        clock += 1
        index?[name] = (data.count, clock)
        totalSize += data.count
        while totalSize > capacity, let oldest = index?.min(by: { $0.value.lastUse < $1.value.lastUse }) {
            discard(oldest.key)
        }
    }

    func remove(prefix: String) throws {
        try prepare()
        for name in index?.keys.filter({ $0.hasPrefix(prefix) }) ?? [] {
            discard(name)
        }
    }

    func removeAll() throws {
        try prepare()
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        where Self.isEntryName(name) {
            try? FileManager.default.removeItem(at: file(name))
        }
        index = [:]
        totalSize = 0
    }

    /// Creates the folder when missing and builds the index, once.
    private func prepare() throws {
        guard index == nil else {
            return
        }
        try FileManager.default.createDirectory(
            at: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let keys: [URLResourceKey] = [.fileSizeKey, .contentModificationDateKey, .isRegularFileKey]
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys)
        var found: [(name: String, size: Int, modified: Date)] = []
        for url in files where Self.isEntryName(url.lastPathComponent) {
            guard let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else {
                continue
            }
            found.append((url.lastPathComponent, values.fileSize ?? 0, values.contentModificationDate ?? .distantPast))
        }
        var index: [String: (size: Int, lastUse: UInt64)] = [:]
        for file in found.sorted(by: { $0.modified < $1.modified }) {
            clock += 1
            index[file.name] = (file.size, clock)
            totalSize += file.size
        }
        self.index = index
    }

    private func file(_ name: String) -> URL {
        folder.appendingPathComponent(name, isDirectory: false)
    }

    /// Deletes the entry's file and forgets it.
    private func discard(_ name: String) {
        try? FileManager.default.removeItem(at: file(name))
        forget(name)
    }

    private func forget(_ name: String) {
        if let removed = index?.removeValue(forKey: name) {
            totalSize -= removed.size
        }
    }

    /// Whether `name` is an entry file's name (two SHA-256s in hex): temporary files and strangers are left alone.
    static func isEntryName(_ name: String) -> Bool {
        name.utf8.count == 129 && name.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) || $0 == 45 }
    }
}
