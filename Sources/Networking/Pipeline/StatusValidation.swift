/// The stage after the chain: a 2xx response passes (and a 101 answering a WebSocket upgrade), a 401 is
/// ``RepositoryError/unauthenticatedSession(_:)`` (the session stage has already refreshed or expired the session),
/// any other status is ``RepositoryError/requestError(_:)`` carrying the whole response.
enum StatusValidation {
    static func validate(_ response: HTTPResponse, of request: HTTPRequest) -> Result<HTTPResponse, RepositoryError> {
        switch response.statusCode {
        case 101 where request.webSocketUpgrade != nil: .success(response)
        case 200..<300: .success(response)
        case 401: .failure(.unauthenticatedSession(ResponseError(response)))
        default: .failure(.requestError(ResponseError(response)))
        }
    }
}
