extension NetworkActivityIndicatorManager: RequestEventMonitor {
    /// Counts the request as running (``incrementActivityCount()``).
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The call and attempt.
    public func requestWillSend(_ request: HTTPRequest, context: RequestContext) {
        incrementActivityCount()
    }

    /// Counts the request as ended (``decrementActivityCount()``), however it ended.
    /// - Parameters:
    ///   - request: The request.
    ///   - context: The call and attempt.
    ///   - result: The outcome.
    public func request(
        _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
    ) {
        decrementActivityCount()
    }
}
