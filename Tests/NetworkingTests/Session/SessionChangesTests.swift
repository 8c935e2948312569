import Foundation
import Networking
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Session changes", .timeLimit(.minutes(2)))
struct SessionChangesTests {
    /// Collects the next `count` events of `stream`.
    func take(_ count: Int, from stream: AsyncStream<SessionEvent>) async -> [SessionEvent] {
        var events: [SessionEvent] = []
        for await event in stream {
            events.append(event)
            if events.count == count {
                break
            }
        }
        return events
    }

    @Test("login, refresh, logout and expiry are streamed; what changes nothing is not")
    func changesOnly() async throws {
        // Given a session with a refresh, observed by two streams
        let session = SessionManager { _ in "refreshed" }
        let first = await session.sessionChanges
        let second = await session.sessionChanges

        // When it goes through every change, with no-ops in between
        await session.expire()  // logged out: nothing
        await session.logout()  // logged out: nothing
        await session.login(token: "a")  // loggedIn
        await session.login(token: "a")  // same token: nothing
        _ = await session.refreshToken(replacing: "a")  // refreshed
        _ = await session.refreshToken(replacing: "a")  // already replaced: nothing
        await session.logout()  // loggedOut
        await session.login(token: "b")  // loggedIn
        await session.expire()  // expired
        await session.login(token: "c")  // loggedIn, the marker of the end

        // Then both streams got exactly the changes, in order
        let expected: [SessionEvent] = [.loggedIn, .refreshed, .loggedOut, .loggedIn, .expired, .loggedIn]
        #expect(await take(expected.count, from: first) == expected)
        #expect(await take(expected.count, from: second) == expected)
        #expect(await session.sessionToken == "c")
    }

    @Test("a refreshed token is stored in the file store, mode 0600")
    func refreshedTokenPersisted() async throws {
        // Given a file-backed session with a refresh
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("refresh-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("session")
        let session = SessionManager(store: .file(file)) { _ in "fresh-token" }
        await session.login(token: "stale-token")

        // When the token is refreshed
        let new = await session.refreshToken(replacing: "stale-token")

        // Then the file holds the new token, readable by its owner only, and a new manager loads it
        #expect(new == "fresh-token")
        #expect(try String(contentsOf: file, encoding: .utf8) == "fresh-token")
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        #expect(status.st_mode & 0o777 == 0o600)
        #expect(await SessionManager(store: .file(file)).sessionToken == "fresh-token")
    }

    @Test("a logout while a refresh runs wins: the refreshed token is not stored")
    func logoutDuringRefresh() async throws {
        // Given a refresh that waits for a gate
        let (gate, open) = AsyncStream<Void>.makeStream()
        let session = SessionManager { _ in
            for await _ in gate {}
            return "late"
        }
        await session.login(token: "old")

        // When the user logs out while it runs
        let refresh = Task { await session.refreshToken(replacing: "old") }
        try await Task.sleep(for: .milliseconds(50))
        await session.logout()
        open.finish()

        // Then the refresh returns nothing and the session stays logged out
        #expect(await refresh.value == nil)
        #expect(await !session.isLoggedIn)
    }

    @Test("a refresh that returns an empty token or the expired one is a failure")
    func uselessTokens() async {
        let empty = SessionManager { _ in "" }
        await empty.login(token: "old")
        let same = SessionManager { expired in expired }
        await same.login(token: "old")

        #expect(await empty.refreshToken(replacing: "old") == nil)
        #expect(await same.refreshToken(replacing: "old") == nil)
        #expect(await empty.sessionToken == "old")
    }
}
