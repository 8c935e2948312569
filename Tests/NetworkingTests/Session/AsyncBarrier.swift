import Foundation
import Networking

/// Holds the tasks that call ``arrive()`` until `count` of them have arrived, then lets them all go; after
/// `timeout` seconds it lets them go anyway, so a test never hangs on it. Later arrivals pass at once.
final class AsyncBarrier: Sendable {
    private struct State {
        var arrived = 0
        var isOpen = false
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let count: Int
    private let state = Locked(State())

    init(count: Int, timeout: TimeInterval = 10) {
        self.count = count
        Task { [weak self] in
            try? await Task.sleep(for: .seconds(timeout))
            self?.open()
        }
    }

    /// Whether `count` arrivals opened it (rather than the timeout or nothing yet).
    var openedByArrivals: Bool {
        state.withLock { $0.arrived >= count }
    }

    func arrive() async {
        await withCheckedContinuation { continuation in
            let release = state.withLock { state -> [CheckedContinuation<Void, Never>] in
                state.arrived += 1
                if state.isOpen {
                    return [continuation]
                }
                state.waiters.append(continuation)
                guard state.arrived >= count else {
                    return []
                }
                state.isOpen = true
                defer { state.waiters = [] }
                return state.waiters
            }
            for waiter in release { waiter.resume() }
        }
    }

    private func open() {
        let release = state.withLock { state in
            state.isOpen = true
            defer { state.waiters = [] }
            return state.waiters
        }
        for waiter in release { waiter.resume() }
    }
}
