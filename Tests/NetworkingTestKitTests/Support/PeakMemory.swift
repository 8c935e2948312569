import Foundation
import NetworkingTestSupport
import Synchronization

/// Samples the process's resident set size on a thread of its own while a transfer runs, keeping the peak.
final class PeakMemory: Sendable {
    private let peak = Mutex(0)
    private let stopped = Atomic<Bool>(false)
    private let finished = Atomic<Bool>(false)
    /// The resident size when sampling started, in bytes.
    let baseline: Int

    /// Starts sampling every 20 ms.
    init() {
        baseline = ProcessMemory.residentBytes() ?? 0
        peak.withLock { $0 = baseline }
        let thread = Thread { [self] in
            while !stopped.load(ordering: .acquiring) {
                if let now = ProcessMemory.residentBytes() {
                    peak.withLock { $0 = max($0, now) }
                }
                usleep(20_000)
            }
            finished.store(true, ordering: .releasing)
        }
        thread.start()
    }

    /// Stops sampling and returns how far the peak rose above the baseline, in bytes.
    func stop() -> Int {
        if let now = ProcessMemory.residentBytes() {
            peak.withLock { $0 = max($0, now) }
        }
        stopped.store(true, ordering: .releasing)
        while !finished.load(ordering: .acquiring) {
            usleep(1000)
        }
        return peak.withLock { $0 } - baseline
    }
}
