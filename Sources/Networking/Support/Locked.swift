import Foundation

/// A value guarded by a lock, for state shared across threads and tasks.
///
/// Used instead of `Synchronization.Mutex` because on Linux `Mutex` locks with raw futex system
/// calls that ThreadSanitizer cannot see, so every access it guards is reported as a race; this lock
/// is a pthread mutex (`NSLock`), which ThreadSanitizer understands.
// @unchecked Sendable: `value` is only read or written while `lock` is held.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    /// Creates a lock guarding `value`.
    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with exclusive access to the value.
    package func withLock<Result, Failure: Error>(
        _ body: (inout Value) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
