/// Supplies the session token repositories attach as `Authorization`, refreshes it when the server rejects it,
/// and forgets it when it cannot be refreshed.
public protocol SessionManagerType: Sendable {
    /// The current token, or `nil` when logged out.
    var sessionToken: String? { get async }
    /// Forgets the token because the server rejected it (HTTP 401) and it could not be refreshed.
    func expire() async
    /// Gets a new token to replace `expiredToken`, which the server rejected with a 401, and keeps it as
    /// ``sessionToken``; returns it, or `nil` when there is none (the session then expires).
    ///
    /// The pipeline calls it once for all the calls rejected with the same token (single flight) and bounds it
    /// by the configuration's timeout. The default implementation returns `nil`: no refresh.
    /// - Parameter expiredToken: The rejected token.
    /// - Returns: The new token, or `nil`.
    func refreshToken(replacing expiredToken: String) async -> String?
}

extension SessionManagerType {
    /// No refresh: a 401 expires the session.
    /// - Parameter expiredToken: The rejected token.
    /// - Returns: `nil`.
    public func refreshToken(replacing expiredToken: String) async -> String? {
        nil
    }
}
