import Dispatch
import Networking

/// Fetches and yields an observer's rows after commits, on a serial queue of its own, so that the writer never
/// decodes for observers and commits never wait for them.
///
/// Refreshes coalesce: commits that land while one is pending are covered by it, because it fetches after they
/// committed. Each fetch reads a snapshot no older than the last one's, so a stream never goes back in time.
final class ObserverRefresh: Sendable {
    private let queue = DispatchQueue(label: "NetworkingStore.changes")
    private let isScheduled = Locked(false)
    private let fetchAndYield: @Sendable () -> Void

    init(_ fetchAndYield: @escaping @Sendable () -> Void) {
        self.fetchAndYield = fetchAndYield
    }

    /// Makes sure a fetch runs after this call; does nothing when one is scheduled and has not started.
    func schedule() {
        let schedules = isScheduled.withLock { isScheduled in
            defer { isScheduled = true }
            return !isScheduled
        }
        guard schedules else {
            return
        }
        queue.async { [self] in
            // Cleared before fetching: a commit during the fetch schedules the next one.
            isScheduled.withLock { $0 = false }
            fetchAndYield()
        }
    }
}
