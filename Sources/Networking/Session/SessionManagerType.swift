/// Supplies the session token repositories attach as `Authorization`, and forgets it on a 401.
public protocol SessionManagerType: Sendable {
    /// The current token, or `nil` when logged out.
    var sessionToken: String? { get async }
    /// Forgets the token because the server rejected it (HTTP 401).
    func expire() async
}
