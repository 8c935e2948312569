/// Keeps the session token: `login(token:)` after a successful authentication request, `logout()`
/// when the user leaves, `expire()` (called by repositories) when the server answers 401 and the token cannot
/// be refreshed.
///
/// ```swift
/// let session = SessionManager(store: .file(tokenURL)) { expiredToken in
///     try await authRepository.refresh(expiredToken).get().token   // your refresh call
/// }
/// let repository = UserRepository(configuration: configuration, sessionManager: session)
/// Task {
///     for await event in await session.sessionChanges where event == .expired {
///         showLoginScreen()
///     }
/// }
/// ```
///
/// With a `refresh` closure, a 401 to a call that carried the token refreshes it once, however many calls were
/// rejected, and replays each of them once with the new token; the new token is stored (a file store keeps
/// mode 0600). A refresh that throws, or a second 401, expires the session.
public actor SessionManager: SessionManagerType {
    private let store: SessionTokenStore
    private let refresh: (@Sendable (_ expiredToken: String) async throws -> String)?
    private var token: String?
    private var refreshing: (expired: String, task: Task<String?, Never>)?
    private var observers: [UInt64: AsyncStream<SessionEvent>.Continuation] = [:]
    private var lastObserver: UInt64 = 0

    /// The last failure to write the token to its store, or `nil`; the token stays usable in memory.
    public private(set) var lastStoreError: String?

    /// Creates a session manager, loading a token saved earlier in `store`.
    /// - Parameters:
    ///   - store: Where the token is kept. Default `.memory`.
    ///   - refresh: Gets a new token for the expired one (throw when there is none); `nil` (the default)
    ///     means a 401 expires the session.
    public init(
        store: SessionTokenStore = .memory,
        refresh: (@Sendable (_ expiredToken: String) async throws -> String)? = nil
    ) {
        self.store = store
        self.refresh = refresh
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

    /// The session's changes from now on: login, refresh, logout and expiry (WolMo's `sessionSignal`). Each
    /// access returns a new stream; only changes are sent (expiring a logged-out session sends nothing). The
    /// stream ends when the consumer stops iterating.
    public var sessionChanges: AsyncStream<SessionEvent> {
        let (stream, continuation) = AsyncStream.makeStream(of: SessionEvent.self)
        lastObserver += 1
        let id = lastObserver
        observers[id] = continuation
        continuation.onTermination = { [weak self] _ in
            Task { await self?.removeObserver(id) }
        }
        return stream
    }

    /// Keeps `token` (and saves it in the store).
    /// - Parameter token: The session token.
    public func login(token: String) {
        change(to: token, event: .loggedIn)
    }

    /// Forgets the token because the user logged out.
    public func logout() {
        change(to: nil, event: .loggedOut)
    }

    /// Forgets the token because the server rejected it.
    public func expire() {
        change(to: nil, event: .expired)
    }

    /// Runs the `refresh` closure for `expiredToken`, once however many callers ask at the same time, and
    /// stores the new token.
    /// - Parameter expiredToken: The token the server rejected.
    /// - Returns: The new token; the current one when it already replaced `expiredToken`; `nil` without a
    ///   `refresh` closure, when it throws or returns an empty token, or when the session ended meanwhile.
    public func refreshToken(replacing expiredToken: String) async -> String? {
        guard let refresh, let current = token else {
            return nil
        }
        guard current == expiredToken else {
            return current
        }
        if let refreshing, refreshing.expired == expiredToken {
            return adopt(await refreshing.task.value, replacing: expiredToken)
        }
        let task = Task { try? await refresh(expiredToken) }
        refreshing = (expiredToken, task)
        let new = await withTaskCancellationHandler {
            await task.value
        } onCancel: {
            task.cancel()
        }
        if refreshing?.expired == expiredToken {
            refreshing = nil
        }
        return adopt(new, replacing: expiredToken)
    }

    /// Stores a refresh's result unless the session moved on while it ran (a logout, an expiry or a new login
    /// wins), and returns the token to use now, or `nil`.
    private func adopt(_ new: String?, replacing expiredToken: String) -> String? {
        guard token == expiredToken else {
            return token
        }
        guard let new, !new.isEmpty, new != expiredToken else {
            return nil
        }
        change(to: new, event: .refreshed)
        return new
    }

    private func change(to newToken: String?, event: SessionEvent) {
        let changed = newToken != token
        token = newToken
        persist()
        guard changed else {
            return
        }
        for observer in observers.values {
            observer.yield(event)
        }
    }

    private func removeObserver(_ id: UInt64) {
        observers[id] = nil
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
