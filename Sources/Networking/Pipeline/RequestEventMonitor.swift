public import Foundation

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

    /// Called between two hops of a redirect: after the redirect's ``request(_:context:didFinishWith:)`` and before
    /// the next hop's ``requestWillSend(_:context:)``. Default: nothing.
    /// - Parameters:
    ///   - request: The request that was redirected.
    ///   - context: The call and attempt.
    ///   - next: The next hop, as it will be sent.
    ///   - response: The redirect (3xx) that asked for it.
    func request(
        _ request: HTTPRequest, context: RequestContext, willRedirectTo next: HTTPRequest, after response: HTTPResponse)

    /// Called when a retrying interceptor is about to wait `delay` seconds before another attempt. Default: nothing.
    /// - Parameters:
    ///   - request: The request of the attempt that failed.
    ///   - context: The call and the attempt that failed.
    ///   - delay: The wait before the next attempt, in seconds.
    ///   - outcome: That attempt's transport outcome, as in ``request(_:context:didFinishWith:)`` (a 503 is a
    ///     success with status 503).
    func request(
        _ request: HTTPRequest, context: RequestContext, willRetryAfter delay: TimeInterval,
        because outcome: Result<HTTPResponse, RepositoryError>)

    /// Called when a WebSocket has opened. Default: nothing.
    /// - Parameters:
    ///   - url: The socket's ws or wss URL.
    ///   - selectedProtocol: The subprotocol the server chose, or `nil`.
    ///   - context: The call that opened it.
    func webSocketDidOpen(_ url: URL, selectedProtocol: String?, context: RequestContext)

    /// Called once when a WebSocket has closed, however it closed. Default: nothing.
    /// - Parameters:
    ///   - url: The socket's URL, as given to `connect`.
    ///   - code: The peer's close code when the peer closed, the code the client sent when the client closed.
    ///   - reason: The close reason, or `nil`.
    ///   - error: The failure that closed the socket, `nil` for a clean close.
    ///   - context: The call that opened it.
    func webSocketDidClose(_ url: URL, code: Int?, reason: String?, error: RepositoryError?, context: RequestContext)

    /// Called for what is neither a request nor a failure of one: storage that degraded to memory, a failed save of
    /// decoded models. Default: nothing.
    /// - Parameter event: The event; its message holds no secret.
    func diagnostic(_ event: DiagnosticEvent)
}

extension RequestEventMonitor {
    /// Does nothing.
    public func request(
        _ request: HTTPRequest, context: RequestContext, willRedirectTo next: HTTPRequest, after response: HTTPResponse
    ) {}

    /// Does nothing.
    public func request(
        _ request: HTTPRequest, context: RequestContext, willRetryAfter delay: TimeInterval,
        because outcome: Result<HTTPResponse, RepositoryError>
    ) {}

    /// Does nothing.
    public func webSocketDidOpen(_ url: URL, selectedProtocol: String?, context: RequestContext) {}

    /// Does nothing.
    public func webSocketDidClose(
        _ url: URL, code: Int?, reason: String?, error: RepositoryError?, context: RequestContext
    ) {}

    /// Does nothing.
    public func diagnostic(_ event: DiagnosticEvent) {}
}
