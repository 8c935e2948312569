import Foundation

/// The URLs a repository built for paths without a query, so that a path called again skips validation,
/// percent-encoding and URL parsing (about half of the pipeline's own cost per call).
///
/// The URL is a pure function of the repository's base URL (fixed at init) and the path, so a cached URL is
/// the URL ``RequestBuilder`` would build again. The cache holds at most ``capacity`` paths and starts over
/// when full, so paths with ever-changing segments (ids) cost one dictionary insert each and no unbounded
/// memory.
final class PathURLCache: Sendable {
    /// The most paths kept.
    static let capacity = 256

    private let urls = Locked<[String: URL]>([:])

    /// Creates an empty cache.
    init() {}

    /// The URL for `path`, building and remembering it on a miss; failures are not remembered.
    /// - Parameters:
    ///   - path: The path as the caller wrote it.
    ///   - build: Builds the URL for `path`.
    /// - Returns: The URL.
    func url(for path: String, build: (String) throws(RepositoryError) -> URL) throws(RepositoryError) -> URL {
        if let cached = urls.withLock({ $0[path] }) {
            return cached
        }
        let url = try build(path)
        urls.withLock { urls in
            if urls.count >= Self.capacity {
                urls.removeAll(keepingCapacity: true)
            }
            urls[path] = url
        }
        return url
    }
}
