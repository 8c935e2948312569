/// A change of a ``SessionManager``'s session, as streamed by ``SessionManager/sessionChanges``.
public enum SessionEvent: Sendable, Equatable {
    /// ``SessionManager/login(token:)`` stored a token (a new one, or a first one).
    case loggedIn
    /// A refresh replaced the token the server had rejected.
    case refreshed
    /// ``SessionManager/logout()`` removed the token.
    case loggedOut
    /// The server rejected the token and it could not be refreshed: show the login screen.
    case expired
}
