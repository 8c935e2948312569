/// Wakes an event loop from any thread; set once the connection that owns it was handed to the loop, so that
/// work queued before (or without) a loop is simply picked up on the loop's first pass.
final class LoopWaker: Sendable {
    private let action = Locked<(@Sendable () -> Void)?>(nil)

    /// Sets what waking does.
    /// - Parameter wake: Wakes the loop (`curl_multi_wakeup`).
    func attach(_ wake: @escaping @Sendable () -> Void) {
        action.withLock { $0 = wake }
    }

    /// Wakes the loop, if attached.
    func wake() {
        action.withLock { $0 }?()
    }
}
