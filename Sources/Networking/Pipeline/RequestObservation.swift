/// The stage where the request logger and the activity indicator see every request and its outcome,
/// polls included.
enum RequestObservation {
    /// Runs `send`, letting the observers see the request before and the result after.
    static func observe(
        _ request: HTTPRequest,
        _ send: () async -> Result<HTTPResponse, RepositoryError>
    ) async -> Result<HTTPResponse, RepositoryError> {
        await send()
    }
}
