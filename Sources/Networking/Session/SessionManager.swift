/// Keeps the session token: `login(token:)` after a successful authentication request, `logout()`
/// when the user leaves, and `expire()` (called by repositories) when the server answers 401.
///
/// ```swift
/// let session = SessionManager(store: .file(tokenURL))
/// let repository = UserRepository(configuration: configuration, sessionManager: session)
/// ```
public actor SessionManager: SessionManagerType {
    private let store: SessionTokenStore
    private var token: String?

    /// The last failure to write the token to its store, or `nil`; the token stays usable in memory.
    public private(set) var lastStoreError: String?

    /// Creates a session manager, loading a token saved earlier in `store`.
    /// - Parameter store: Where the token is kept. Default `.memory`.
    public init(store: SessionTokenStore = .memory) {
        self.store = store
        self.token = store.load()
    }

    /// The current token, or `nil` when logged out.
    public var sessionToken: String? {
        token
    }

    /// Whether a token is present.
    public var isLoggedIn: Bool {
        token != nil
    }

    /// Keeps `token` (and saves it in the store).
    /// - Parameter token: The session token.
    public func login(token: String) {
        self.token = token
        persist()
    }

    /// Forgets the token because the user logged out.
    public func logout() {
        token = nil
        persist()
    }

    /// Forgets the token because the server rejected it.
    public func expire() {
        token = nil
        persist()
    }

    private func persist() {
        do {
            try store.save(token)
            lastStoreError = nil
        } catch {
            lastStoreError = "could not save the session token: \(error)"
        }
    }
}
