/// Every way a repository call can fail. Each case describes itself (see ``description``).
///
/// ```swift
/// switch await repository.fetchBook(id: 3) {
/// case .success(let book): show(book)
/// case .failure(.unauthenticatedSession): showLogin()
/// case .failure(let error): show(error.description)
/// }
/// ```
public enum RepositoryError: Error, Sendable {
    /// The configuration or the path cannot form a URL; the message names the field.
    case invalidURL(String)
    /// A parameter, body or configuration value could not be used; the message names it.
    case invalidParameters(String)
    /// HTTP 401 (with the response), or no session token when one is required (`nil`, nothing sent).
    case unauthenticatedSession(ResponseError?)
    /// Any other non-2xx status, with the whole response.
    case requestError(ResponseError)
    /// DNS failure, refused or dropped connection, TLS failure other than pinning.
    case noNetworkConnection(TransportError)
    /// The request exceeded `configuration.timeout`, or polling ran out of retries.
    case timeout
    /// The served certificates matched no pin; the server received no byte of the request.
    case pinningFailure(PinningFailure)
    /// A 2xx body that is not valid JSON.
    case jsonError(DecodeError)
    /// Valid JSON of the wrong shape, or an error thrown by a manual decoder.
    case decodeError(DecodeError)
    /// An error of the app's own, mapped from a response by `mapCustomError`.
    case customError(errorName: String, error: any CustomRepositoryErrorType)
    /// The awaiting task was cancelled.
    case cancelled
}
