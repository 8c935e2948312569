import Foundation

/// The stages every request goes through, in order: session → observers → transport → validation.
/// Decoding follows in ``ResponseDecoding``.
struct RequestPipeline: Sendable {
    let configuration: NetworkingConfiguration
    let sessionManager: (any SessionManagerType)?
    let transport: any HTTPTransport

    /// Sends `request` and returns its 2xx response, or the error any stage produced.
    /// - Parameters:
    ///   - request: The built request.
    ///   - requiresSession: Whether a session token must be attached (false for authentication requests).
    func execute(_ request: HTTPRequest, requiresSession: Bool) async -> Result<HTTPResponse, RepositoryError> {
        if Task.isCancelled {
            return .failure(.cancelled)
        }
        var request = request
        if let sessionManager, requiresSession {
            guard let token = await sessionManager.sessionToken else {
                return .failure(.unauthenticatedSession(nil))
            }
            request.headers["Authorization"] = token
        }
        let result = await RequestObservation.observe(request) {
            await send(request)
        }
        return await validate(result)
    }

    /// Runs the transport and maps what it throws to ``RepositoryError``.
    private func send(_ request: HTTPRequest) async -> Result<HTTPResponse, RepositoryError> {
        do {
            let response = try await transport.send(request)
            return Task.isCancelled ? .failure(.cancelled) : .success(response)
        } catch {
            return .failure(Self.map(error))
        }
    }

    /// Maps a transport's thrown error to the repository error users see.
    static func map(_ error: any Error) -> RepositoryError {
        switch error {
        case let error as RepositoryError: error
        case let error as TransportError: .noNetworkConnection(error)
        case let error as PinningFailure: .pinningFailure(error)
        case is CancellationError: .cancelled
        default: .noNetworkConnection(TransportError(code: .other, message: String(describing: error)))
        }
    }

    /// 2xx passes; 401 expires the session; any other status is a ``RepositoryError/requestError(_:)``.
    private func validate(_ result: Result<HTTPResponse, RepositoryError>) async -> Result<
        HTTPResponse, RepositoryError
    > {
        guard case .success(let response) = result else {
            return result
        }
        switch response.statusCode {
        case 200..<300:
            return result
        case 401:
            await sessionManager?.expire()
            return .failure(.unauthenticatedSession(ResponseError(response)))
        default:
            return .failure(.requestError(ResponseError(response)))
        }
    }
}
