extension RepositoryError: CustomStringConvertible {
    /// What went wrong and where, in one line.
    public var description: String {
        switch self {
        case .invalidURL(let reason):
            "Invalid URL: \(reason)"
        case .invalidParameters(let reason):
            "Invalid parameters: \(reason)"
        case .unauthenticatedSession(let response?):
            "Unauthenticated session: \(response.description)"
        case .unauthenticatedSession(nil):
            "Unauthenticated session: no session token, so the request was not sent"
        case .requestError(let response):
            "Request failed: \(response.description)"
        case .noNetworkConnection(let error):
            "No network connection (\(error.code.summary)): \(error.message)"
        case .timeout:
            "Timed out: the request exceeded the configured timeout, or polling ran out of retries"
        case .pinningFailure(let failure):
            "Pinning failure: \(failure.description)"
        case .jsonError(let error):
            "Invalid JSON: \(error.description)"
        case .decodeError(let error):
            "Decoding failed: \(error.description)"
        case .customError(let name, let error):
            "Custom error \(name): \(String(describing: error))"
        case .cancelled:
            "Cancelled: the awaiting task was cancelled"
        }
    }
}
