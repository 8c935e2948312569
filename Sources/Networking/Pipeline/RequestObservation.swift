/// The stage where the request logger and the activity indicator see every request and its outcome,
/// polls included.
enum RequestObservation {
    /// Runs `send`, letting the observers see the request before and the result after.
    ///
    /// The activity count goes up before `send` and down exactly once after it, whatever the outcome.
    /// When logging is stopped or off, the logger costs one lock and nothing is formatted.
    static func observe(
        _ request: HTTPRequest,
        _ send: () async -> Result<HTTPResponse, RepositoryError>
    ) async -> Result<HTTPResponse, RepositoryError> {
        await observe(request, logger: .shared, indicator: .shared, send)
    }

    /// Runs `send` observed by the given logger and indicator.
    static func observe(
        _ request: HTTPRequest,
        logger: NetworkActivityLogger,
        indicator: NetworkActivityIndicatorManager,
        _ send: () async -> Result<HTTPResponse, RepositoryError>
    ) async -> Result<HTTPResponse, RepositoryError> {
        indicator.incrementActivityCount()
        defer { indicator.decrementActivityCount() }
        guard let logged = logger.begin(request) else {
            return await send()
        }
        let result = await send()
        logged.finish(result)
        return result
    }
}
