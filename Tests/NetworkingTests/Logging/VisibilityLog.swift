import Networking

/// Records the visibility changes an activity indicator manager reports.
final class VisibilityLog: Sendable {
    private let changes = Locked<[Bool]>([])

    /// A callback that appends each change here.
    var callback: @Sendable (Bool) -> Void {
        { [self] visible in changes.withLock { $0.append(visible) } }
    }

    /// The changes so far, in order.
    var all: [Bool] {
        changes.withLock { $0 }
    }
}
