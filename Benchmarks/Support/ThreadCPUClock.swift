import Foundation
import Synchronization

/// The CPU time of one thread, readable from any other while that thread lives: the WebSocket scenario's server
/// runs in this process, and its connection thread's CPU is taken out of the process's to leave the client's.
final class ThreadCPUClock: Sendable {
    private let clock = Mutex<clockid_t?>(nil)

    /// Makes the calling thread the one measured (`pthread_getcpuclockid` of `pthread_self()`).
    func adoptCurrentThread() {
        var id = clockid_t()
        guard pthread_getcpuclockid(pthread_self(), &id) == 0 else {
            return
        }
        clock.withLock { $0 = id }
    }

    /// The thread's CPU seconds so far (user and system), or 0 when no thread was adopted or it has ended.
    var seconds: Double {
        guard let id = clock.withLock({ $0 }) else {
            return 0
        }
        var time = timespec()
        guard clock_gettime(id, &time) == 0 else {
            return 0
        }
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// `CLOCK_MONOTONIC` in seconds: the clock both WebSocket contenders time their round trips with.
    static func monotonicSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }
}
