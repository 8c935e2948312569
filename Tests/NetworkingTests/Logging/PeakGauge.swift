import Networking

/// Remembers the highest value it was shown, from any task.
final class PeakGauge: Sendable {
    private let peak = Locked(0)

    /// Records `value`, keeping the highest seen.
    func record(_ value: Int) {
        peak.withLock { $0 = max($0, value) }
    }

    /// The highest value recorded so far.
    var value: Int {
        peak.withLock { $0 }
    }
}
