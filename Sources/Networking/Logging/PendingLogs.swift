import Synchronization

/// The requests a logger has printed as sent and not yet as finished, by call and attempt: what pairs an event
/// monitor's `requestWillSend` with its `didFinish`. When nothing is pending, taking costs one atomic load.
final class PendingLogs: Sendable {
    private struct Key: Hashable {
        let callID: UInt64
        let attempt: Int
    }

    private let records = Locked<[Key: LoggedRequest]>([:])
    private let count = Atomic<Int>(0)

    /// Keeps `record` until the attempt of `context` finishes.
    func add(_ record: LoggedRequest, for context: RequestContext) {
        let added = records.withLock { records in
            records.updateValue(record, forKey: Key(callID: context.callID, attempt: context.attempt)) == nil
        }
        if added {
            count.add(1, ordering: .releasing)
        }
    }

    /// The record of the attempt of `context`, removed, or `nil` when it was not logged.
    func take(_ context: RequestContext) -> LoggedRequest? {
        guard count.load(ordering: .acquiring) > 0 else {
            return nil
        }
        let record = records.withLock { $0.removeValue(forKey: Key(callID: context.callID, attempt: context.attempt)) }
        if record != nil {
            count.subtract(1, ordering: .releasing)
        }
        return record
    }
}
