public import Foundation

/// Tells an app when to show a network activity indicator: visible once requests have been running
/// for ``startDelay``, hidden ``completionDelay`` after the last one ended, so that short requests
/// and quick successions do not make it flicker.
///
/// It is an event monitor: every attempt of the configurations that list it (all of them, for ``shared``, by
/// default) counts, retries and polls included; the count goes up just before the transport is called and
/// down exactly once after it, however the attempt ends (success, error, cancellation).
///
/// ```swift
/// let indicator = NetworkActivityIndicatorManager.shared
/// indicator.networkActivityIndicatorVisibilityChanged = { visible in spinner.update(visible) }
/// indicator.isEnabled = true
/// ```
///
/// While disabled the count is still kept, so ``activityCount`` is always exact and enabling
/// mid-request shows the indicator after ``startDelay``; nothing is shown and the callback does not
/// fire. Disabling while visible hides it at once and reports that last change (`false`).
public final class NetworkActivityIndicatorManager: Sendable {
    /// The manager every configuration reports to unless its ``NetworkingConfiguration/eventMonitors`` say otherwise.
    public static let shared = NetworkActivityIndicatorManager()

    private enum Pending {
        case show
        case hide
    }

    /// What to do once the lock is released.
    private enum Effect {
        case none
        /// Start the timer task (numbered `id`), to wake at `wake`.
        case startTimer(wake: ContinuousClock.Instant, id: UInt64)
        case notify(Notification)
    }

    /// What the timer task does after waking.
    private enum TimerStep {
        case sleep(until: ContinuousClock.Instant)
        case end(Effect)
    }

    /// A visibility change to report, numbered in the order the changes were made.
    private struct Notification {
        var sequence: UInt64
        var isVisible: Bool
        var callback: (@Sendable (Bool) -> Void)?
    }

    /// Reports changes one at a time and in order, whichever threads made them: changes are queued, the
    /// thread that finds nobody delivering delivers the queue, and a change older than one already reported
    /// (or repeating the last reported value) is dropped. The last report is always the current visibility.
    private struct Delivery {
        var queue: [Notification] = []
        var isDelivering = false
        var lastSequence: UInt64 = 0
        var lastVisible = false
    }

    private struct State {
        var isEnabled = false
        var isVisible = false
        var activityCount = 0
        var startDelay: TimeInterval = 1.0
        var completionDelay: TimeInterval = 0.17
        var visibilityChanged: (@Sendable (Bool) -> Void)?
        var pending: Pending?
        /// When the pending transition is due.
        var pendingDeadline = ContinuousClock.Instant.now
        /// When the one timer task wakes next, or `nil` when none is sleeping. One task serves every pending
        /// transition: a transition due later than that wake-up needs no task of its own, the timer sleeps again.
        var timerWake: ContinuousClock.Instant?
        /// The number of the current timer task (a task superseded by an earlier wake-up ends when it wakes).
        var timerID: UInt64 = 0
        /// Timer tasks started so far (for tests).
        var timersStarted = 0
        /// Bumped at every visibility change.
        var sequence: UInt64 = 0
    }

    private let state = Locked(State())
    private let delivery = Locked(Delivery())

    /// Creates a disabled manager with no activity. Configurations report to ``shared`` by default; list
    /// another instance in ``NetworkingConfiguration/eventMonitors`` to count a configuration's requests apart.
    public init() {}

    /// Whether the indicator may be shown and the callback fire. Default `false`.
    public var isEnabled: Bool {
        get { state.withLock { $0.isEnabled } }
        set { update { $0.isEnabled = newValue } }
    }

    /// Whether the indicator should be visible now.
    public var isNetworkActivityIndicatorVisible: Bool {
        state.withLock { $0.isVisible }
    }

    /// The number of requests running now.
    public var activityCount: Int {
        state.withLock { $0.activityCount }
    }

    /// How long activity must last before the indicator shows, in seconds. Default 1.0. A change
    /// applies from the next pending transition. Below zero counts as zero; above a year (or infinite) as a year.
    public var startDelay: TimeInterval {
        get { state.withLock { $0.startDelay } }
        set { state.withLock { $0.startDelay = newValue } }
    }

    /// How long the indicator stays after the last request ended, in seconds; a request starting
    /// within it keeps the indicator visible. Default 0.17. Clamped as ``startDelay`` is.
    public var completionDelay: TimeInterval {
        get { state.withLock { $0.completionDelay } }
        set { state.withLock { $0.completionDelay = newValue } }
    }

    /// Called with the new visibility each time it changes (never twice with the same value in a
    /// row), outside the manager's lock, on no particular thread. Calls never overlap and come in the
    /// order of the changes; a change overtaken by a newer one before it was reported is skipped, so
    /// the last call always gives the current visibility. The callback may use the manager.
    public var networkActivityIndicatorVisibilityChanged: (@Sendable (Bool) -> Void)? {
        get { state.withLock { $0.visibilityChanged } }
        set { state.withLock { $0.visibilityChanged = newValue } }
    }

    /// Counts one more running request. Call it when work starts; pair it with exactly one
    /// ``decrementActivityCount()``.
    public func incrementActivityCount() {
        update { $0.activityCount += 1 }
    }

    /// Counts one request fewer; the count never goes below zero.
    public func decrementActivityCount() {
        update { $0.activityCount = max(0, $0.activityCount - 1) }
    }

    /// Applies `change`, then works out the next transition and performs it outside the lock.
    private func update(_ change: (inout State) -> Void) {
        let effect = state.withLock { state in
            change(&state)
            return Self.reconcile(&state)
        }
        perform(effect)
    }

    /// Schedules, cancels or makes the transition the state now calls for.
    private static func reconcile(_ state: inout State) -> Effect {
        guard state.isEnabled else {
            state.pending = nil
            guard state.isVisible else {
                return .none
            }
            state.isVisible = false
            state.sequence &+= 1
            return .notify(Notification(sequence: state.sequence, isVisible: false, callback: state.visibilityChanged))
        }
        let wanted: Pending? =
            switch (state.activityCount > 0, state.isVisible) {
            case (true, false): .show
            case (false, true): .hide
            default: nil
            }
        guard wanted != state.pending else {
            return .none
        }
        state.pending = wanted
        guard let wanted else {
            return .none  // cancelled: the sleeping timer finds nothing pending and ends
        }
        let delay = Self.clamped(wanted == .show ? state.startDelay : state.completionDelay)
        state.pendingDeadline = .now + .seconds(delay)
        if let wake = state.timerWake, wake <= state.pendingDeadline {
            return .none  // the sleeping timer wakes first and sleeps on until the deadline
        }
        // No timer, or one that wakes too late (a shorter delay than before): a new one, the old one ends.
        state.timerID &+= 1
        state.timerWake = state.pendingDeadline
        state.timersStarted += 1
        return .startTimer(wake: state.pendingDeadline, id: state.timerID)
    }

    /// The longest delay a transition waits: a year. A longer one, or an infinite one, waits that long ("never",
    /// in practice); a negative one or NaN none.
    static let longestDelay: TimeInterval = 365 * 24 * 3600

    /// `delay` within `0...longestDelay`.
    static func clamped(_ delay: TimeInterval) -> TimeInterval {
        guard !delay.isNaN else {
            return 0
        }
        return min(max(0, delay), longestDelay)
    }

    private func perform(_ effect: Effect) {
        switch effect {
        case .none:
            break
        case .notify(let notification):
            deliver(notification)
        case .startTimer(let wake, let id):
            Task { [weak self] in
                var wake = wake
                while true {
                    try? await Task.sleep(until: wake, clock: .continuous)
                    guard let step = self?.timerWoke(id) else {
                        return
                    }
                    switch step {
                    case .sleep(let until):
                        wake = until
                    case .end(let effect):
                        self?.perform(effect)
                        return
                    }
                }
            }
        }
    }

    /// Timer tasks started so far: one per pending transition that found no timer sleeping (for tests).
    var timersStarted: Int {
        state.withLock { $0.timersStarted }
    }

    /// Queues `notification` and, unless another thread is delivering, delivers the queue in order. The
    /// callbacks run outside every lock, so a callback may use the manager.
    private func deliver(_ notification: Notification) {
        let delivers = delivery.withLock { delivery in
            delivery.queue.append(notification)
            guard !delivery.isDelivering else {
                return false
            }
            delivery.isDelivering = true
            return true
        }
        guard delivers else {
            return
        }
        while let next = nextNotification() {
            next.callback?(next.isVisible)
        }
    }

    /// The next change worth reporting, or `nil` (and delivery ends) when the queue is empty.
    private func nextNotification() -> Notification? {
        delivery.withLock { delivery in
            while let index = delivery.queue.indices.min(by: {
                delivery.queue[$0].sequence < delivery.queue[$1].sequence
            }) {
                let next = delivery.queue.remove(at: index)
                guard next.sequence > delivery.lastSequence else {
                    continue
                }
                delivery.lastSequence = next.sequence
                guard next.isVisible != delivery.lastVisible else {
                    continue
                }
                delivery.lastVisible = next.isVisible
                return next
            }
            delivery.isDelivering = false
            return nil
        }
    }

    /// The timer woke: makes the pending transition when it is due, sleeps on when it is due later, ends when
    /// nothing is pending or a newer timer took over.
    private func timerWoke(_ id: UInt64) -> TimerStep {
        state.withLock { state -> TimerStep in
            guard state.timerID == id else {
                return .end(.none)
            }
            guard let transition = state.pending else {
                state.timerWake = nil
                return .end(.none)
            }
            guard state.pendingDeadline <= .now else {
                state.timerWake = state.pendingDeadline
                return .sleep(until: state.pendingDeadline)
            }
            state.timerWake = nil
            state.pending = nil
            state.isVisible = transition == .show
            state.sequence &+= 1
            return .end(
                .notify(
                    Notification(
                        sequence: state.sequence, isVisible: state.isVisible, callback: state.visibilityChanged)))
        }
    }
}
