/// The stage after validation: a failing response's body is decoded as the error model the configuration's
/// ``ResponseMapping`` declares for its path and status, and carried by its ``ResponseError/errorModel``.
struct ErrorModelDecoding: Sendable {
    let mapping: ResolvedResponseMapping

    func decorate(_ error: RepositoryError) -> RepositoryError {
        guard !mapping.isEmpty else {
            return error
        }
        switch error {
        case .requestError(var response):
            response.errorModel = mapping.errorModel(for: response)
            return .requestError(response)
        case .unauthenticatedSession(.some(var response)):
            response.errorModel = mapping.errorModel(for: response)
            return .unauthenticatedSession(response)
        default:
            return error
        }
    }
}
