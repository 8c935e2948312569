extension NetworkActivityLogger: RequestEventMonitor {
    /// Prints the request as it is about to be sent (from the second attempt of a call on, with
    /// `(attempt n)`), unless logging is stopped, off, or the filter leaves the request out; costs one lock
    /// then.
    /// - Parameters:
    ///   - request: The request as sent.
    ///   - context: The call and attempt.
    public func requestWillSend(_ request: HTTPRequest, context: RequestContext) {
        guard let record = begin(request, attempt: context.attempt) else {
            return
        }
        pending.add(record, for: context)
    }

    /// Prints what came back for a request printed by ``requestWillSend(_:context:)``, if the level asks for it.
    /// - Parameters:
    ///   - request: The request as sent.
    ///   - context: The call and attempt.
    ///   - result: The transport's result, before status validation.
    public func request(
        _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
    ) {
        pending.take(context)?.finish(result)
    }
}
