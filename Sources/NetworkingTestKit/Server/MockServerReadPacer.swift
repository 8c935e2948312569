import Foundation

/// Paces a connection's reads of request bodies to ``MockServer/readBytesPerSecond``: reads take at most a
/// twentieth of a second's worth, and while a body arrives each read waits until the body bytes received so
/// far (those that came with the head included) are due at the rate, counted from the body's start.
struct MockServerReadPacer {
    private var started: ContinuousClock.Instant?

    /// Waits until the next read is due, and says how much it may read.
    /// - Parameters:
    ///   - rate: The rate in bytes per second, or `nil` for no pacing.
    ///   - bodyBytes: The bytes of the current body received so far, or `nil` between bodies (which ends the
    ///     current body's pacing; heads are read without waiting).
    ///   - pause: Sleeps for the given seconds; returns false when the server stopped meanwhile.
    /// - Returns: The most bytes to read (`Int.max` when not pacing), or `nil` when the server stopped.
    mutating func allowance(rate: Int?, bodyBytes: Int?, pause: (TimeInterval) -> Bool) -> Int? {
        guard let rate else {
            started = nil
            return .max
        }
        let step = max(1, rate / 20)
        guard let bodyBytes else {
            started = nil
            return step
        }
        let started = self.started ?? .now
        self.started = started
        let wait = ContinuousClock.now.duration(to: started + .seconds(Double(bodyBytes) / Double(rate)))
        if wait > .zero {
            let (seconds, attoseconds) = wait.components
            guard pause(Double(seconds) + Double(attoseconds) / 1e18) else { return nil }
        }
        return step
    }
}
