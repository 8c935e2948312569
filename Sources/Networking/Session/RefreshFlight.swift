import Foundation

/// One token refresh in flight and the calls waiting for it. The refresh runs in its own task, raced against a
/// timer; whichever ends first settles the flight once, then every waiter (present or later) gets the outcome.
/// A waiter that is cancelled leaves at once with ``TokenRefresh/Outcome/cancelled``; the refresh goes on.
final class RefreshFlight: Sendable {
    private struct State {
        var outcome: TokenRefresh.Outcome?
        var isSettling = false
        var waiters: [UInt64: CheckedContinuation<TokenRefresh.Outcome, Never>] = [:]
        var cancelledWaiters: Set<UInt64> = []
        var lastWaiter: UInt64 = 0
    }

    private let state = Locked(State())

    /// Starts the refresh.
    /// - Parameters:
    ///   - timeout: The longest the refresh may take, in seconds; then it is cancelled and the flight fails.
    ///   - refresh: Returns the new token, or `nil` when there is none.
    ///   - settle: Runs once, with the new token or `nil`, before any waiter is told.
    func start(
        timeout: TimeInterval,
        refresh: @escaping @Sendable () async -> String?,
        settle: @escaping @Sendable (String?) async -> Void
    ) {
        let work = Task { await refresh() }
        let timer = Task { [weak self] in
            try? await Task.sleep(for: .seconds(timeout.isFinite ? max(0, timeout) : 1e9))
            guard !Task.isCancelled else {
                return
            }
            work.cancel()
            await self?.settle(nil, with: settle)
        }
        Task { [weak self] in
            let token = await work.value
            timer.cancel()
            await self?.settle(token, with: settle)
        }
    }

    /// Waits for the outcome.
    func wait() async -> TokenRefresh.Outcome {
        let id = state.withLock { state in
            state.lastWaiter += 1
            return state.lastWaiter
        }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { continuation in
                let now = state.withLock { state -> TokenRefresh.Outcome? in
                    if let outcome = state.outcome {
                        return outcome
                    }
                    if state.cancelledWaiters.contains(id) {
                        return .cancelled
                    }
                    state.waiters[id] = continuation
                    return nil
                }
                if let now {
                    continuation.resume(returning: now)
                }
            }
        } onCancel: {
            let continuation = state.withLock { state in
                guard let continuation = state.waiters.removeValue(forKey: id) else {
                    state.cancelledWaiters.insert(id)
                    return CheckedContinuation<TokenRefresh.Outcome, Never>?.none
                }
                return continuation
            }
            continuation?.resume(returning: .cancelled)
        }
    }

    /// Settles the flight with `token`, unless it was settled already.
    private func settle(_ token: String?, with settle: @Sendable (String?) async -> Void) async {
        let first = state.withLock { state in
            defer { state.isSettling = true }
            return !state.isSettling
        }
        guard first else {
            return
        }
        await settle(token)
        let outcome: TokenRefresh.Outcome = token.map { .refreshed($0) } ?? .failed
        let waiters = state.withLock { state in
            state.outcome = outcome
            defer { state.waiters = [:] }
            return Array(state.waiters.values)
        }
        for waiter in waiters {
            waiter.resume(returning: outcome)
        }
    }
}
