/// What the pipeline's links know about the call a request belongs to, besides the request itself.
///
/// Interceptors and event monitors receive it with every request. Each call of a repository gets its own
/// ``callID``; every time the call reaches the event monitors (a first send, a retry, a replay after a token
/// refresh, a poll) is one attempt, numbered from 1, so `(callID, attempt)` pairs a
/// ``RequestEventMonitor/requestWillSend(_:context:)`` with its
/// ``RequestEventMonitor/request(_:context:didFinishWith:)``.
///
/// ```swift
/// struct AttemptHeader: HTTPInterceptor {
///     func intercept(
///         _ request: HTTPRequest, context: RequestContext,
///         next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
///     ) async throws -> HTTPResponse {
///         var request = request
///         request.headers["X-Attempt"] = String(context.attempt)
///         return try await next(request, context)
///     }
/// }
/// ```
public struct RequestContext: Sendable {
    /// Unique per call in the process (never 0 for a repository's calls).
    public let callID: UInt64
    /// The call's path, as given to the repository (for a poll of a `Location`, still the call's path).
    public let path: String
    /// Whether the call attaches the session token: `false` for `performAuthenticationRequest`, and for a
    /// poll that moved to another origin.
    public let requiresSession: Bool
    /// The attempt this request is: 1 for the first. A retrying interceptor passes `attempt + 1` to `next`;
    /// the event monitors see every attempt of a call with its own number, raised when an inner link sends
    /// the same attempt number twice.
    public var attempt: Int

    /// Creates a context, for tests of interceptors and monitors; repositories make their own.
    /// - Parameters:
    ///   - callID: The call's identifier. Default 0.
    ///   - path: The call's path.
    ///   - requiresSession: Whether the call attaches the session token. Default `true`.
    ///   - attempt: The attempt number, from 1. Default 1.
    public init(callID: UInt64 = 0, path: String, requiresSession: Bool = true, attempt: Int = 1) {
        self.callID = callID
        self.path = path
        self.requiresSession = requiresSession
        self.attempt = attempt
    }
}
