import Foundation
import Networking

/// The `changes(of:)` streams of a store, by store name.
///
/// Held by the store only, so a stream never keeps its store alive. Continuations are only called outside this
/// registry's lock: finishing a stream runs its `onTermination`, which comes back here to remove it.
final class StoreObservers: Sendable {
    /// One stream: told that its store name changed, it fetches and yields the rows on its own queue, or
    /// finishes.
    struct Observer: Sendable {
        let storeName: String
        let refresh: ObserverRefresh
        let finish: @Sendable () -> Void
    }

    private struct State {
        var observers: [UInt64: Observer] = [:]
        var nextID: UInt64 = 0
        var deliveries = 0
    }

    private let state = Locked(State())

    /// Adds an observer; returns the id that removes it.
    func add(_ observer: Observer) -> UInt64 {
        state.withLock { state in
            state.nextID += 1
            state.observers[state.nextID] = observer
            return state.nextID
        }
    }

    /// Removes an observer (its stream ended); does nothing when it is gone already.
    func remove(_ id: UInt64) {
        _ = state.withLock { $0.observers.removeValue(forKey: id) }
    }

    /// The store names that have at least one observer, among `names`.
    func observed(among names: Set<String>) -> Set<String> {
        state.withLock { state in
            Set(state.observers.values.lazy.map(\.storeName).filter { names.contains($0) })
        }
    }

    /// Tells each observer of `storeName` that a commit changed its rows: each fetches them anew on its own queue.
    func notify(_ storeName: String) {
        let observers = state.withLock { state in
            let observers = state.observers.values.filter { $0.storeName == storeName }
            state.deliveries += observers.count
            return observers
        }
        for observer in observers {
            observer.refresh.schedule()
        }
    }

    /// Finishes every stream (the store is going away).
    func finishAll() {
        let observers = state.withLock { state in
            defer { state.observers.removeAll() }
            return Array(state.observers.values)
        }
        for observer in observers {
            observer.finish()
        }
    }

    /// How many streams are open (for tests).
    var count: Int {
        state.withLock { $0.observers.count }
    }

    /// How many times a stream was told of a commit, initial rows not counted (for tests).
    var deliveries: Int {
        state.withLock { $0.deliveries }
    }
}
