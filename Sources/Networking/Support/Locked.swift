#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// A value guarded by a lock, for state shared across threads and tasks.
///
/// Used instead of `Synchronization.Mutex` because on Linux `Mutex` locks with raw futex system
/// calls that ThreadSanitizer cannot see, so every access it guards is reported as a race; this lock
/// is a pthread mutex, which ThreadSanitizer understands. The mutex is its own allocation (a pthread mutex must
/// not move), locked directly: `NSLock` cost one more object and a dynamic call per lock and unlock, on paths that
/// take several locks per request.
// @unchecked Sendable: `value` is only read or written while `mutex` is held.
package final class Locked<Value>: @unchecked Sendable {
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    private var value: Value

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        mutex = .allocate(capacity: 1)
        mutex.initialize(to: pthread_mutex_t())
        pthread_mutex_init(mutex, nil)
        self.value = value
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deinitialize(count: 1)
        mutex.deallocate()
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}
