import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("SessionManager", .timeLimit(.minutes(1)))
struct SessionManagerTests {
    @Test("login, logout and expire change the token")
    func transitions() async {
        let session = SessionManager()
        #expect(await !session.isLoggedIn)

        await session.login(token: "t1")
        #expect(await session.isLoggedIn)
        #expect(await session.sessionToken == "t1")

        await session.expire()
        #expect(await session.sessionToken == nil)

        await session.login(token: "t2")
        await session.logout()
        #expect(await !session.isLoggedIn)
    }

    @Test("the file store survives a restart with mode 0600, and logout removes the file")
    func fileStore() async throws {
        // Given
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("session-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("nested/token")

        // When
        let first = SessionManager(store: .file(file))
        await first.login(token: "persisted-token")
        let second = SessionManager(store: .file(file))

        // Then
        #expect(await second.sessionToken == "persisted-token")
        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        #expect(await first.lastStoreError == nil)

        await second.logout()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(await SessionManager(store: .file(file)).sessionToken == nil)
    }

    @Test("a store that cannot be written keeps the token in memory and reports why")
    func unwritableStore() async {
        let session = SessionManager(store: .file(URL(fileURLWithPath: "/proc/networking-test/token")))

        await session.login(token: "t")

        #expect(await session.sessionToken == "t")
        #expect(await session.lastStoreError != nil)
    }
}
