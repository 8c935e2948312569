import Foundation

/// One ``MockServer/holdRequests(until:path:timeout:)`` barrier: the connection threads of the requests
/// it admits wait at it until `count` have arrived, its deadline passes, or the server stops.
///
/// `@unchecked Sendable`: its only mutable state, `arrived`, is guarded by `condition`.
final class MockServerBarrier: @unchecked Sendable {
    /// The path whose requests it holds, or `nil` for any path.
    let path: String?
    /// How many requests it holds before releasing them all.
    let count: Int
    /// When it releases the requests it holds even if fewer than `count` arrived.
    let deadline: Date
    private let condition = NSCondition()
    private var arrived = 0

    /// How long one wait lasts before the server's stop flag is checked again.
    private static let pollInterval: TimeInterval = 0.01

    init(count: Int, path: String?, timeout: TimeInterval) {
        self.count = max(0, count)
        self.path = path
        self.deadline = Date(timeIntervalSinceNow: max(0, timeout))
    }

    /// Whether it admits no more requests: `count` arrived, or its deadline passed.
    var isSpent: Bool {
        condition.withLock { arrived >= count } || Date() >= deadline
    }

    /// Counts a request to `requestPath` in when the barrier holds that path and still has room and time;
    /// the request that completes the count releases every waiting one. Called in arrival order, under the
    /// server's state lock (this lock is taken inside that one, never the other way round).
    /// - Returns: Whether the request was admitted; it must then ``wait(isStopped:)``.
    func admit(_ requestPath: String) -> Bool {
        guard path == nil || path == requestPath, Date() < deadline else { return false }
        return condition.withLock {
            guard arrived < count else { return false }
            arrived += 1
            if arrived == count {
                condition.broadcast()
            }
            return true
        }
    }

    /// Waits until `count` requests have arrived, the deadline passes, or `isStopped` returns true.
    func wait(isStopped: () -> Bool) {
        condition.lock()
        defer { condition.unlock() }
        while arrived < count && !isStopped() {
            let now = Date()
            guard now < deadline else { return }
            _ = condition.wait(until: min(deadline, now.addingTimeInterval(Self.pollInterval)))
        }
    }
}
