/// The stage after validation: a failing response's body is decoded as the error model the configuration's
/// ``ResponseMapping`` declares for its path and status, and carried by its ``ResponseError/errorModel``.
struct ErrorModelDecoding: Sendable {
    let mapping: ResolvedResponseMapping

    /// `error` with the error model of its response, for a call whose path (as written) is `callPath`.
    func decorate(_ error: RepositoryError, callPath: String) -> RepositoryError {
        guard !mapping.isEmpty else {
            return error
        }
        let path = mapping.resourcePath(ofCall: callPath)
        switch error {
        case .requestError(var response):
            response.errorModel = mapping.errorModel(for: response, path: path)
            return .requestError(response)
        case .unauthenticatedSession(.some(var response)):
            response.errorModel = mapping.errorModel(for: response, path: path)
            return .unauthenticatedSession(response)
        default:
            return error
        }
    }
}
