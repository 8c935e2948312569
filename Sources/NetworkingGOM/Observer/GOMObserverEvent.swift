public import Foundation
public import Networking

/// What happens to a ``GOMObserver``'s connection.
///
/// ```swift
/// for await event in await observer.events {
///     if case .reconnecting(let attempt, let delay) = event { print("retry \(attempt) in \(delay) s") }
/// }
/// ```
public enum GOMObserverEvent: Sendable {
    /// The WebSocket is open: subscriptions are live (queued ones were just sent).
    case ready
    /// The WebSocket closed or failed (the error, when there was one); a reconnect follows if the policy says so.
    case disconnected(RepositoryError?)
    /// Reconnect number `attempt` in a row starts after `delay` seconds.
    case reconnecting(attempt: Int, delay: TimeInterval)
    /// Something failed without a connection to lose: the proxy lookup, the WebSocket's opening (a pinning
    /// failure is `.error(.pinningFailure(…))`), a REST retrieve for a stream's `.initial`.
    case error(RepositoryError)
}
