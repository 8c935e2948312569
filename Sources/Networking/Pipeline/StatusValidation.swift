/// The stage after the chain: a 2xx response passes, a 401 is ``RepositoryError/unauthenticatedSession(_:)``
/// (the session stage has already refreshed or expired the session), any other status is
/// ``RepositoryError/requestError(_:)`` carrying the whole response.
enum StatusValidation {
    static func validate(_ response: HTTPResponse) -> Result<HTTPResponse, RepositoryError> {
        switch response.statusCode {
        case 200..<300: .success(response)
        case 401: .failure(.unauthenticatedSession(ResponseError(response)))
        default: .failure(.requestError(ResponseError(response)))
        }
    }
}
