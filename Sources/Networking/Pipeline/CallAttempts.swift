import Synchronization

/// Numbers the attempts of one call as they reach the event monitors, and hands out call identifiers.
///
/// An attempt keeps the number its context proposes unless that number was already used in the call (an
/// interceptor that calls `next` twice with the same context), in which case it gets one more than the last:
/// `(callID, attempt)` stays unique, and numbers only grow.
final class CallAttempts: Sendable {
    /// The last call identifier handed out; the first call is 1.
    private static let lastCallID = Atomic<UInt64>(0)

    private let last = Atomic<Int>(0)

    /// A new call identifier, unique in the process.
    static func nextCallID() -> UInt64 {
        lastCallID.add(1, ordering: .relaxed).newValue
    }

    /// The number of attempts made so far (the highest number handed out).
    var count: Int {
        last.load(ordering: .acquiring)
    }

    /// The number the next attempt proposing `proposed` gets: `proposed`, or one more than the last used.
    func claim(_ proposed: Int) -> Int {
        var current = last.load(ordering: .relaxed)
        while true {
            let number = max(proposed, current + 1)
            let (exchanged, original) = last.compareExchange(
                expected: current, desired: number, ordering: .acquiringAndReleasing)
            if exchanged {
                return number
            }
            current = original
        }
    }
}
