/// The stage just above the transport: each attempt gets its number, the event monitors see it go and come
/// back, and what the transport throws is reported to them as a ``RepositoryError``, then rethrown as is.
struct EventMonitorStage: Sendable {
    let monitors: [any RequestEventMonitor]
    let transport: any HTTPTransport

    /// Sends one attempt through the transport, observed.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The call; its attempt number is made unique within `attempts`.
    ///   - attempts: The call's attempt numbering.
    /// - Returns: The transport's response, whatever its status.
    /// - Throws: What the transport throws; `CancellationError` when the task was cancelled meanwhile.
    nonisolated(nonsending) func send(_ request: HTTPRequest, _ context: RequestContext, attempts: CallAttempts)
        async throws -> HTTPResponse
    {
        var context = context
        context.attempt = attempts.claim(context.attempt)
        for monitor in monitors {
            monitor.requestWillSend(request, context: context)
        }
        let outcome: Result<HTTPResponse, any Error>
        do {
            let response = try await transport.send(request)
            outcome = Task.isCancelled ? .failure(CancellationError()) : .success(response)
        } catch {
            outcome = .failure(error)
        }
        let result = outcome.mapError(RequestPipeline.map)
        for monitor in monitors {
            monitor.request(request, context: context, didFinishWith: result)
        }
        return try outcome.get()
    }
}
