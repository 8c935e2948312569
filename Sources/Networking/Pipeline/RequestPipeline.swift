import Foundation

/// The stages every request goes through, in order:
///
/// 1. **session**: attach the token; on a 401 to a call that carried it, refresh it once (single flight) and
///    replay the call once;
/// 2. **interceptors**: the configuration's, outermost first: retries, signing, yours; then the cookie jar
///    (``CookieJarStage``, when the configuration has a ``CookieStorage``), last so that the monitors see its
///    `Cookie` header;
/// 3. **event monitors**: the logger, the activity indicator, yours; every attempt numbered and observed;
/// 4. **cache**: with a ``ResponseCache`` in the configuration, GET and HEAD are answered from it, revalidated,
///    or sent and stored (``CachingTransport``; after the monitors, so the logger shows hits);
/// 5. **transport**: libcurl unless the repository was given another;
/// 6. **validation**: 2xx passes (101 to a WebSocket upgrade), 401 is `.unauthenticatedSession`, any other status `.requestError`;
/// 7. **error models**: a failing response's body decoded as the ``ResponseMapping``'s error model for its path.
///
/// Decoding (at an envelope's key path) follows in ``ResponseDecoding``, and hands the value to the
/// repository's ``DecodedResultSink`` (persistence). New capabilities plug in as interceptors or event monitors,
/// never as branches here. Stages 1 and 2 are skipped, not run empty, when the repository has no session manager
/// and no interceptor (a cookie jar is one): they would only forward the call.
final class RequestPipeline: Sendable {
    let session: SessionStage
    let interceptors: InterceptorChain
    let monitors: EventMonitorStage
    let errorModels: ErrorModelDecoding

    init(
        configuration: NetworkingConfiguration, sessionManager: (any SessionManagerType)?,
        transport: any HTTPTransport, mapping: ResolvedResponseMapping
    ) {
        session = SessionStage(sessionManager: sessionManager, refreshTimeout: configuration.timeout)
        interceptors = InterceptorChain(
            interceptors: configuration.interceptors + CookieJarStage.links(for: configuration))
        let cached = configuration.cache.map { $0.wrapping(transport) } ?? transport
        monitors = EventMonitorStage(monitors: configuration.eventMonitors, transport: cached)
        StorageFailureLog.attach(to: configuration)
        errorModels = ErrorModelDecoding(mapping: mapping)
    }

    /// Sends `request` through every stage and returns its 2xx response, or the error a stage produced.
    /// - Parameters:
    ///   - request: The built request.
    ///   - context: The call it belongs to.
    ///   - attempts: The call's attempt numbering, shared by the requests of one call (the polls of a
    ///     polling call); a new one by default.
    nonisolated(nonsending) func execute(
        _ request: HTTPRequest, context: RequestContext, attempts: CallAttempts = CallAttempts()
    ) async
        -> Result<HTTPResponse, RepositoryError>
    {
        guard !Task.isCancelled else {
            return .failure(.cancelled)
        }
        do {
            let response: HTTPResponse
            if session.sessionManager == nil, interceptors.interceptors.isEmpty {
                // Nothing to attach and nothing to intercept: straight to the monitors, without the two stages'
                // closures (two async frames and their contexts per call, measured in BENCHMARKS.md).
                response = try await monitors.send(request, context, attempts: attempts)
            } else {
                let monitors = monitors
                let interceptors = interceptors
                response = try await session.send(request, context, attempts: attempts) { request, context in
                    try await interceptors.send(request, context) { request, context in
                        try await monitors.send(request, context, attempts: attempts)
                    }
                }
            }
            return StatusValidation.validate(response, of: request).mapError {
                errorModels.decorate($0, callPath: context.path)
            }
        } catch {
            return .failure(Self.map(error))
        }
    }

    /// Maps what a stage threw to the repository error users see.
    static func map(_ error: any Error) -> RepositoryError {
        switch error {
        case let error as RepositoryError: error
        case let error as TransportError: .noNetworkConnection(error)
        case let error as PinningFailure: .pinningFailure(error)
        case is CancellationError: .cancelled
        case let error as any CustomRepositoryErrorType: .customError(errorName: error.name, error: error)
        default: .noNetworkConnection(TransportError(code: .other, message: String(describing: error)))
        }
    }
}
