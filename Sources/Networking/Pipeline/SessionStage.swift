import Foundation

/// The outermost stage: attaches the session token, and answers a 401 to a call that carried one by
/// refreshing the token once (shared by every call that got a 401 for the same token) and replaying the call
/// once with the new token. When there is no new token, or the replay gets a 401 too, the session expires.
struct SessionStage: Sendable {
    let sessionManager: (any SessionManagerType)?
    /// The longest a token refresh may take: the configuration's timeout.
    let refreshTimeout: TimeInterval

    /// Sends `request` through `next` with the session token, refreshing and replaying once on a 401.
    /// - Returns: The final response (a 401 when the session could not be refreshed, which then expired).
    /// - Throws: ``RepositoryError/unauthenticatedSession(_:)`` with `nil` when a token is required and there
    ///   is none (nothing is sent); what `next` throws.
    func send(
        _ request: HTTPRequest, _ context: RequestContext, attempts: CallAttempts, next: InterceptorChain.Next
    ) async throws -> HTTPResponse {
        guard let sessionManager else {
            return try await next(request, context)
        }
        guard context.requiresSession else {
            let response = try await next(request, context)
            if response.statusCode == 401 {
                await sessionManager.expire()
            }
            return response
        }
        guard let token = await sessionManager.sessionToken else {
            throw RepositoryError.unauthenticatedSession(nil)
        }
        var request = request
        request.headers["Authorization"] = token
        let response = try await next(request, context)
        guard response.statusCode == 401, let replacement = try await replacement(for: token, of: sessionManager)
        else {
            return response
        }
        request.headers["Authorization"] = replacement
        var replay = context
        replay.attempt = attempts.count + 1
        let replayed = try await next(request, replay)
        if replayed.statusCode == 401 {
            await TokenRefresh.expire(sessionManager, ifStill: replacement)
        }
        return replayed
    }

    /// The token to replay a call rejected with `expired`: the session's current one when it has changed
    /// since (refreshed by another call), else a refresh's; `nil` when the session is gone or the refresh
    /// failed (the session then expired).
    private func replacement(for expired: String, of sessionManager: any SessionManagerType) async throws
        -> String?
    {
        guard let current = await sessionManager.sessionToken else {
            return nil
        }
        guard current == expired else {
            return current
        }
        switch await TokenRefresh.refresh(expired, of: sessionManager, timeout: refreshTimeout) {
        case .refreshed(let token): return token
        case .failed: return nil
        case .cancelled: throw CancellationError()
        }
    }
}
