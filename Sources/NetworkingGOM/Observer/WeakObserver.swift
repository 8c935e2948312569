import Networking

/// A weak reference to the observer, for the tasks that must not keep it alive.
final class WeakObserver: Sendable {
    private let reference: Locked<Weak>

    private struct Weak {
        weak var value: GOMObserver?
    }

    init(_ observer: GOMObserver) {
        reference = Locked(Weak(value: observer))
    }

    var value: GOMObserver? {
        reference.withLock { $0.value }
    }
}
