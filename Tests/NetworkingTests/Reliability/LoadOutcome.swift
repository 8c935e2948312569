import Networking

/// What one call of the load or storm tests returned, without payload, so task-group children can return it
/// as a trivial value (Swift 6.3.1 release builds crash on children returning structs holding strings).
enum LoadOutcome: Int, CaseIterable, Sendable {
    /// Decoded, and the body was the one for this call.
    case success
    /// Decoded, but the body belonged to another call.
    case wrongBody
    case connectionLost
    case invalidResponse
    case otherTransportError
    case requestError
    case jsonError
    case timeout
    case cancelled
    case otherError

    /// Classifies the result of call `index`, whose successful body is the book with id `index`.
    init(_ result: Result<[Book], RepositoryError>, index: Int) {
        switch result {
        case .success(let books):
            self = books.count == 1 && books.first?.id == index ? .success : .wrongBody
        case .failure(.noNetworkConnection(let error)):
            switch error.code {
            case .connectionLost: self = .connectionLost
            case .invalidResponse: self = .invalidResponse
            default: self = .otherTransportError
            }
        case .failure(.requestError): self = .requestError
        case .failure(.jsonError): self = .jsonError
        case .failure(.timeout): self = .timeout
        case .failure(.cancelled): self = .cancelled
        case .failure: self = .otherError
        }
    }
}
