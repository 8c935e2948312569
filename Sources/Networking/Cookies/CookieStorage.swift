public import Foundation

/// The cookie jar of RFC 6265: it keeps the cookies servers set and sends them back on matching requests.
///
/// Give one to ``NetworkingConfiguration/cookieStorage`` and every request of that configuration's repositories
/// stores the `Set-Cookie`s of its responses (redirects included) and carries the `Cookie` header the jar holds
/// for its URL. Cookies follow RFC 6265: scoped by domain (host-only unless the server gave a `Domain`), path
/// and `Secure` (never sent over http, refused from http), ports ignored, expired by `Expires` or `Max-Age`.
/// At most 50 cookies per domain and 3000 in all are kept, the oldest evicted first; a name and value longer
/// than 4096 bytes are refused. It is safe to share between repositories and threads.
///
/// ```swift
/// var configuration = NetworkingConfiguration(domainURL: "api.example.com")
/// configuration.cookieStorage = .file(applicationSupport.appendingPathComponent("cookies.json"))
/// ```
///
/// A ``file(_:)`` storage writes its persistent cookies (those with an expiry) to the file, mode 0600,
/// atomically, before the change that altered them returns; session cookies stay in memory. A file that
/// cannot be read starts empty; a file that cannot be written degrades the storage to memory: calls never
/// fail or crash.
public final class CookieStorage: Sendable {
    /// The mutable state, guarded by one lock.
    struct State {
        var jar: CookieJar
        /// Where persistent cookies are written; `nil` in memory, or once a write failed.
        var file: URL?
        /// The persistent cookies the file holds, so that a change of session cookies writes nothing.
        var written: [StoredCookie]
        var storageFailure: String?
        var failureReported = false
        var onStorageFailure: (@Sendable (String) -> Void)?
    }

    private let state: Locked<State>
    /// The clock that dates creations and expiries; injectable for tests.
    let now: @Sendable () -> Date

    /// Creates a storage, reading `file`'s cookies when given.
    /// - Parameters:
    ///   - file: The cookie file, or `nil` for memory only.
    ///   - now: The clock. Default the system's.
    init(file: URL?, now: @escaping @Sendable () -> Date = { Date() }) {
        self.now = now
        let stored = file.flatMap(CookieFile.read) ?? []
        let jar = CookieJar(cookies: stored, now: now())
        state = Locked(State(jar: jar, file: file, written: jar.persistentCookies))
    }

    /// A storage in memory only: its cookies go with it.
    /// - Returns: An empty storage.
    public static func memory() -> CookieStorage {
        CookieStorage(file: nil)
    }

    /// A storage that keeps its persistent cookies in the JSON file at `url` (mode 0600, written atomically), and
    /// starts with the unexpired cookies that file holds.
    ///
    /// A file that is missing or cannot be read starts empty; one that cannot be written makes the storage keep
    /// its cookies in memory only (see the logger's `.error` line), without failing any call.
    /// - Parameter url: The file's location; its folder is created when missing.
    /// - Returns: The storage.
    public static func file(_ url: URL) -> CookieStorage {
        CookieStorage(file: url)
    }

    /// The cookies a request to `url` carries: domain, path and scheme matching, unexpired, longer paths first,
    /// then older first. Ports play no part.
    /// - Parameter url: The request's URL.
    /// - Returns: The cookies, in the order they are sent.
    public func cookies(for url: URL) -> [Cookie] {
        storedCookies(for: url).map(\.cookie)
    }

    /// Adds a cookie, replacing the one with the same name, domain and path (a leading dot makes `domain` a domain
    /// cookie, see ``Cookie/domain``); an expiry in the past removes that one instead. A cookie with an empty
    /// name or domain is ignored.
    /// - Parameter cookie: The cookie.
    public func add(_ cookie: Cookie) {
        let (domain, isHostOnly) = CookieJar.canonicalDomain(cookie.domain)
        guard !cookie.name.isEmpty, !domain.isEmpty else {
            return
        }
        let date = now()
        let stored = StoredCookie(
            name: cookie.name, value: cookie.value, domain: domain,
            path: cookie.path.hasPrefix("/") ? cookie.path : "/",
            expires: cookie.expires, isSecure: cookie.isSecure, isHTTPOnly: cookie.isHTTPOnly,
            sameSite: cookie.sameSite, isHostOnly: isHostOnly, created: date, sequence: 0)
        change { $0.insert(stored, now: date) }
    }

    /// Removes the cookie with this name, domain (any case; a leading dot is ignored) and path.
    /// - Parameters:
    ///   - name: Its name.
    ///   - domain: Its domain.
    ///   - path: Its path. Default `"/"`.
    public func remove(name: String, domain: String, path: String = "/") {
        change { $0.remove(name: name, domain: domain, path: path) }
    }

    /// Removes every cookie, from the file too.
    public func removeAll() {
        change { jar in
            jar.removeAll()
            return true
        }
    }

    /// Stores every `Set-Cookie` of `response`, received from `response.url`.
    func store(_ response: HTTPResponse) {
        store(setCookies: response.headers.values(for: "Set-Cookie"), from: response.url)
    }

    /// Stores `Set-Cookie` field values received from `url`; refused ones are skipped.
    func store(setCookies fields: [String], from url: URL) {
        guard !fields.isEmpty else {
            return
        }
        let date = now()
        let parsed = fields.compactMap { SetCookie($0, now: date) }
        change { jar in
            parsed.reduce(false) { changed, setCookie in jar.store(setCookie, from: url, now: date) || changed }
        }
    }

    /// The `Cookie` header for a request to `url` (`name=value; name2=value2`), or `nil` when no cookie matches.
    func cookieHeader(for url: URL) -> String? {
        let cookies = storedCookies(for: url)
        return cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
    }

    /// Why the cookie file could not be written, once that happened (the storage then keeps its cookies in
    /// memory only); `nil` while the file works, and always for ``memory()``.
    var storageFailure: String? {
        state.withLock { $0.storageFailure }
    }

    /// Called once with ``storageFailure`` when the file first fails to be written; set after that failure, it
    /// is called at once. Used to log the failure at `.error`.
    var onStorageFailure: (@Sendable (String) -> Void)? {
        get { state.withLock { $0.onStorageFailure } }
        set {
            let pending = state.withLock { state -> String? in
                state.onStorageFailure = newValue
                return state.takeUnreportedFailure()
            }
            if let pending {
                newValue?(pending)
            }
        }
    }

    /// The matching cookies, after dropping the expired ones.
    private func storedCookies(for url: URL) -> [StoredCookie] {
        let date = now()
        return state.withLock { state in
            state.jar.purge(now: date)
            return state.jar.cookies(for: url, now: date)
        }
    }

    /// Applies `body` to the jar and, when it changed the persistent cookies, writes them to the file before
    /// returning (under the lock, so that writes land in the order of the changes).
    private func change(_ body: (inout CookieJar) -> Bool) {
        let report = state.withLock { state -> (String, (@Sendable (String) -> Void)?)? in
            guard body(&state.jar), let file = state.file else {
                return nil
            }
            let persistent = state.jar.persistentCookies
            guard persistent != state.written else {
                return nil
            }
            do {
                try CookieFile.write(persistent, to: file)
                state.written = persistent
                return nil
            } catch {
                state.file = nil
                state.storageFailure =
                    "the cookie file \(file.path) cannot be written (\(error.localizedDescription)); "
                    + "cookies are kept in memory only from now on"
                return state.takeUnreportedFailure().map { ($0, state.onStorageFailure) }
            }
        }
        if let (message, handler) = report {
            handler?(message)
        }
    }
}

extension CookieStorage.State {
    /// The failure to report, once: only when there is one and a handler to hear it.
    fileprivate mutating func takeUnreportedFailure() -> String? {
        guard let storageFailure, onStorageFailure != nil, !failureReported else {
            return nil
        }
        failureReported = true
        return storageFailure
    }
}
