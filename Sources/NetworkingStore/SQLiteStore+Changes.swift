import Foundation
import Networking

extension SQLiteStore {
    /// The models of a type now, then again after every commit that changes models of its store name.
    ///
    /// The stream yields the current models at once, then all of them (in insertion order) after each `save`,
    /// `delete` or `deleteAll` that changed a row of ``Persistable/storeName``. The rows are fetched on a queue of
    /// the stream's own after the commit, so saves never wait for observers; commits that land while a fetch is
    /// pending are covered by it (the stream gets the latest state, never an older one after a newer). It keeps
    /// only the newest state (`bufferingNewest(1)`): a slow consumer skips states it had no time for but always
    /// gets the latest, and memory does not grow. Rows that cannot be decoded as `T` (another type with the same store
    /// name) are not yielded. The stream does not keep the store alive: it ends when the consumer stops iterating
    /// or when the store is released.
    ///
    /// Iterate the stream you ask for: a stream that is made and never iterated stays registered (and is refreshed
    /// after each commit of its type) until the store is released.
    ///
    /// ```swift
    /// for await books in store.changes(of: Book.self) {
    ///     render(books)
    /// }
    /// ```
    /// - Parameter type: The models' type.
    public func changes<T: Persistable>(of type: T.Type) -> AsyncStream<[T]> {
        let (stream, continuation) = AsyncStream.makeStream(of: [T].self, bufferingPolicy: .bufferingNewest(1))
        let refresh = ObserverRefresh { [weak self] in
            if let models = try? self?.fetchAll(T.self) {
                continuation.yield(models)
            }
        }
        let observer = StoreObservers.Observer(
            storeName: T.storeName, refresh: refresh, finish: { continuation.finish() })
        // Registered and given its first rows under the writer's lock, so that no commit falls between the two.
        try? withWriter { writer throws(StoreError) in
            let id = observers.add(observer)
            continuation.onTermination = { [weak observers] _ in
                observers?.remove(id)
            }
            let rows = try rows(of: T.storeName, on: writer)
            if let models = try? JSONDecoder.networking.decode([T].self, from: rows) {
                continuation.yield(models)
            }
        }
        return stream
    }
}
