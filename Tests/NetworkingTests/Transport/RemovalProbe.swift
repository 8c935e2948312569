import Foundation
import Networking

/// Times how long after its creation a condition becomes true, watched from its own thread so that the
/// measurement does not wait for a cooperative thread (which other tests' blocking calls may hold).
final class RemovalProbe: Sendable {
    private let elapsed = Locked<Double?>(nil)
    private let done = Locked(false)

    /// Starts watching `condition` every 0.1 ms, for at most 10 s.
    init(_ condition: @escaping @Sendable () -> Bool) {
        let start = ContinuousClock.now
        let thread = Thread { [self] in
            while !condition() && ContinuousClock.now - start < .seconds(10) {
                usleep(100)
            }
            let duration = ContinuousClock.now - start
            if condition() {
                elapsed.withLock {
                    $0 = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
                }
            }
            done.withLock { $0 = true }
        }
        thread.start()
    }

    /// Seconds from creation until the condition held, or `nil` if it never did within 10 s.
    func seconds() async -> Double? {
        while !done.withLock({ $0 }) {
            try? await Task.sleep(for: .milliseconds(1))
        }
        return elapsed.withLock { $0 }
    }
}
