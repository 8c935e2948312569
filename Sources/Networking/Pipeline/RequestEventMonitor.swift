/// A passive observer of every request a configuration's repositories send: each attempt, retries, token
/// replays and polls included. The logger and the activity indicator are event monitors.
///
/// Monitors are listed in ``NetworkingConfiguration/eventMonitors`` and called in that order, on the calling
/// task, just before the transport sends and just after it answers: keep them quick. For each
/// ``requestWillSend(_:context:)`` there is exactly one ``request(_:context:didFinishWith:)`` with the same
/// `(callID, attempt)`, however the attempt ends (response, error, cancellation).
///
/// ```swift
/// import Synchronization
///
/// final class FailureCounter: RequestEventMonitor {
///     let failures = Mutex(0)
///     func requestWillSend(_ request: HTTPRequest, context: RequestContext) {}
///     func request(
///         _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
///     ) {
///         if case .failure = result { failures.withLock { $0 += 1 } }
///     }
/// }
/// configuration.eventMonitors.append(FailureCounter())
/// ```
public protocol RequestEventMonitor: Sendable {
    /// Called when an attempt is about to be handed to the transport.
    /// - Parameters:
    ///   - request: The request as it will be sent (session token and interceptors' changes included).
    ///   - context: The call and attempt.
    func requestWillSend(_ request: HTTPRequest, context: RequestContext)

    /// Called when the transport has answered an attempt, before status validation: a 404 is a success here.
    /// - Parameters:
    ///   - request: The request that was sent.
    ///   - context: The call and attempt, the same as in ``requestWillSend(_:context:)``.
    ///   - result: The response, or the transport's failure as a ``RepositoryError``.
    func request(
        _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>)
}
