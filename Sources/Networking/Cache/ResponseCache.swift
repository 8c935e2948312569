public import Foundation

/// A private HTTP cache (RFC 9111) for GET and HEAD responses, in memory or in a folder, bounded by bytes and
/// evicting the least recently used entries first; opt in with ``NetworkingConfiguration/cache``.
///
/// Fresh responses are answered without I/O; stale ones with an `ETag` or `Last-Modified` are revalidated, and
/// a 304 reaches the caller as the stored response with its status and body. A request's own `Cache-Control`
/// steers a call: `no-cache` revalidates, `no-store` bypasses the cache, `only-if-cached` answers from the
/// cache or with a 504 without I/O, `max-stale` accepts stale responses. Every response that went through the
/// cache carries `X-Networking-Cache: hit`, `revalidated` or `miss`.
///
/// ```swift
/// var configuration = NetworkingConfiguration(domainURL: "api.example.com")
/// configuration.cache = .disk(at: cachesFolder.appendingPathComponent("api"), capacity: 50 << 20)
/// ```
///
/// A disk cache whose folder cannot be written keeps working in memory and says so once, at `.error`, in the
/// logger.
public final class ResponseCache: Sendable {
    /// The most bytes the cache holds.
    let capacity: Int
    private let storage: Locked<any CacheStorage>
    private let failure = Locked<StorageFailure>(StorageFailure())

    private struct StorageFailure {
        var message: String?
        var handler: (@Sendable (String) -> Void)?
        var reported = false

        /// The handler to call now, if the failure is known, a handler set, and neither done before.
        mutating func pending() -> (@Sendable (String) -> Void, String)? {
            guard !reported, let message, let handler else {
                return nil
            }
            reported = true
            return (handler, message)
        }
    }

    private init(capacity: Int, storage: any CacheStorage) {
        self.capacity = capacity
        self.storage = Locked(storage)
    }

    /// A cache in memory.
    /// - Parameter capacity: The most bytes held (headers and bodies). Default 10 MiB.
    /// - Returns: An empty cache.
    public static func memory(capacity: Int = 10 << 20) -> ResponseCache {
        ResponseCache(capacity: capacity, storage: MemoryCacheStorage(capacity: capacity))
    }

    /// A cache in `folder` (created, mode 0700, when missing), one file of mode 0600 per response, that a new
    /// cache on the same folder finds again (one cache per folder at a time).
    /// - Parameters:
    ///   - folder: The folder.
    ///   - capacity: The most bytes its files hold. Default 100 MiB.
    /// - Returns: A cache over what the folder holds.
    public static func disk(at folder: URL, capacity: Int = 100 << 20) -> ResponseCache {
        ResponseCache(capacity: capacity, storage: DiskCacheStorage(folder: folder, capacity: capacity))
    }

    /// Removes every stored response (and, for a disk cache, its files).
    public func removeAll() {
        withStorage { try $0.removeAll() }
    }

    /// A transport that answers from this cache, revalidates, or sends through `transport` and stores.
    /// - Parameter transport: The transport requests go to when the cache cannot answer.
    func wrapping(_ transport: any HTTPTransport) -> any HTTPTransport {
        CachingTransport(cache: self, transport: transport)
    }

    /// Why the storage stopped working and the cache went on in memory, or `nil` while it works.
    var storageFailure: String? {
        failure.withLock { $0.message }
    }

    /// Called once with ``storageFailure`` when it happens, or at once when set after it happened.
    var onStorageFailure: (@Sendable (String) -> Void)? {
        get { failure.withLock { $0.handler } }
        set {
            if let (handler, message) = failure.withLock({ state in
                state.handler = newValue
                return state.pending()
            }) {
                handler(message)
            }
        }
    }

    /// The stored response for `key`, marked as used.
    func entry(for key: CacheKey) -> CachedResponse? {
        withStorage { try $0.load(key.name) } ?? nil
    }

    /// Stores `entry` under `key`.
    func save(_ entry: CachedResponse, for key: CacheKey) {
        withStorage { try $0.save(entry, as: key.name) }
    }

    /// Removes the entry under `key`.
    func remove(_ key: CacheKey) {
        withStorage { try $0.remove(prefix: key.name) }
    }

    /// Removes every entry, for every user, of GET and HEAD requests for `url` (RFC 9111 §4.4).
    func invalidate(_ url: URL) {
        withStorage { storage in
            for method in [HTTPMethod.get, .head] {
                try storage.remove(prefix: CacheKey.prefix(method: method, url: url))
            }
        }
    }

    /// Runs `body` on the storage; when the storage throws, replaces it with memory, records why, and runs
    /// `body` again there.
    @discardableResult
    private func withStorage<Result>(_ body: (any CacheStorage) throws -> Result) -> Result? {
        let (result, message): (Result?, String?) = storage.withLock { storage in
            do {
                return (try body(storage), nil)
            } catch {
                let place = (storage as? DiskCacheStorage).map { "the folder \($0.folder.path)" } ?? "its storage"
                // At most the memory default: a 100 MiB disk budget must not become 100 MiB of RAM.
                storage = MemoryCacheStorage(capacity: min(capacity, 10 << 20))
                let message =
                    "ResponseCache: \(place) cannot be used (\(error.localizedDescription)); caching in memory instead"
                return (try? body(storage), message)
            }
        }
        if let message,
            let (handler, text) = failure.withLock({ state -> (@Sendable (String) -> Void, String)? in
                state.message = state.message ?? message
                return state.pending()
            })
        {
            handler(text)
        }
        return result
    }
}
