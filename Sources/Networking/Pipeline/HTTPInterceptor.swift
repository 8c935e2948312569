/// A link of the request pipeline that may adapt a request, send it any number of times, and inspect or
/// replace what comes back: a header signer, a retry policy, a fake answer in tests.
///
/// Interceptors are listed in ``NetworkingConfiguration/interceptors``, outermost first. They run after the
/// session stage has attached the token and before the event monitors and the transport, so every request an
/// interceptor sends through `next` is seen by the logger and the activity indicator. Status validation and
/// decoding happen after the whole chain: `next` returns a 404 or a 500 as a response, not as an error.
///
/// ```swift
/// struct APIKey: HTTPInterceptor {
///     let key: String
///     func intercept(
///         _ request: HTTPRequest, context: RequestContext,
///         next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
///     ) async throws -> HTTPResponse {
///         var request = request
///         request.headers["X-Api-Key"] = key
///         return try await next(request, context)
///     }
/// }
/// var configuration = NetworkingConfiguration(domainURL: "api.example.com")
/// configuration.interceptors = [RetryPolicy(), APIKey(key: "k")]
/// ```
///
/// What an interceptor throws ends the call: a ``RepositoryError`` as is, a ``CustomRepositoryErrorType`` as
/// ``RepositoryError/customError(errorName:error:)``, and what transports throw as the transport's errors are.
public protocol HTTPInterceptor: Sendable {
    /// Adapts the request, calls `next` zero or more times, and inspects or replaces what comes back.
    ///
    /// `next` throws what transports throw (``TransportError``, ``PinningFailure``, `CancellationError`,
    /// ``RepositoryError/timeout`` for an attempt that ran out of time); a non-2xx status is a response, not
    /// an error.
    /// - Parameters:
    ///   - request: The request, with the session token attached.
    ///   - context: The call the request belongs to.
    ///   - next: The rest of the chain: the inner interceptors, the event monitors and the transport.
    /// - Returns: The response to hand outward.
    func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse
}
