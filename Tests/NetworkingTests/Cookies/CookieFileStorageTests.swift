import Foundation
import Testing

@testable import Networking

@Suite("CookieStorage.file: persistence, mode 0600, corrupt and unwritable files", .timeLimit(.minutes(1)))
struct CookieFileStorageTests {
    let site = URL(string: "https://example.com/")!

    /// A cookie file path in a new temporary folder.
    func temporaryFile() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cookies-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder.appendingPathComponent("cookies.json")
    }

    @Test("a new storage on the same file sees the persistent cookies with their attributes, not the session ones")
    func roundTrip() throws {
        // Given a file storage holding a persistent, a session and an expired-by-then cookie
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let first = CookieStorage.file(file)
        first.store(
            setCookies: [
                "persistent=1; Max-Age=3600; Domain=example.com; Path=/app; Secure; HttpOnly; SameSite=Lax",
                "session=2",
            ], from: site)
        first.add(Cookie(name: "older", value: "3", domain: "example.com", path: "/app", expires: .now + 3600))

        // When another storage opens the file
        let second = CookieStorage.file(file)

        // Then it has the persistent cookies, in their creation order, and not the session one
        let cookies = second.cookies(for: try #require(URL(string: "https://www.example.com/app/x")))
        #expect(cookies.map(\.name) == ["persistent"])
        let persistent = try #require(cookies.first)
        #expect(persistent.domain == ".example.com")
        #expect(persistent.path == "/app")
        #expect(persistent.isSecure && persistent.isHTTPOnly)
        #expect(persistent.sameSite == "Lax")
        #expect(
            second.cookieHeader(for: try #require(URL(string: "https://example.com/app/x"))) == "persistent=1; older=3")
        #expect(second.cookies(for: site).isEmpty)
    }

    @Test("removals and removeAll reach the file; expired cookies are not loaded")
    func removalsPersist() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let clock = CookieTestClock()
        let first = CookieStorage(file: file, now: { clock.now })
        first.store(setCookies: ["a=1; Max-Age=100", "b=2; Max-Age=100", "c=3; Max-Age=10"], from: site)
        first.remove(name: "a", domain: "example.com")

        // A storage opened later than c's expiry sees b only
        clock.advance(50)
        let second = CookieStorage(file: file, now: { clock.now })
        #expect(second.cookieHeader(for: site) == "b=2")

        // And removeAll empties the file
        second.removeAll()
        #expect(CookieStorage.file(file).cookies(for: site).isEmpty)
    }

    @Test("the file is mode 0600 and leaves no temporary file behind")
    func mode() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        let storage = CookieStorage.file(file)
        storage.store(setCookies: ["a=1; Max-Age=100"], from: site)
        storage.store(setCookies: ["b=1; Max-Age=100"], from: site)

        let attributes = try FileManager.default.attributesOfItem(atPath: file.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
        let entries = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(entries == ["cookies.json"])
    }

    @Test("only session cookies: nothing is written")
    func sessionOnlyWritesNothing() throws {
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        CookieStorage.file(file).store(setCookies: ["a=1"], from: site)
        #expect(!FileManager.default.fileExists(atPath: file.path))
    }

    @Test(
        "a corrupt file starts empty, and is replaced by the next write",
        arguments: ["not json", "{\"version\":1}", ""])
    func corruptFile(content: String) throws {
        // Given a file that is not a cookie file
        let file = try temporaryFile()
        defer { try? FileManager.default.removeItem(at: file.deletingLastPathComponent()) }
        try Data(content.utf8).write(to: file)

        // When a storage opens it and stores a cookie
        let storage = CookieStorage.file(file)
        #expect(storage.cookies(for: site).isEmpty)
        storage.store(setCookies: ["a=1; Max-Age=100"], from: site)

        // Then it works, and the file is a cookie file again
        #expect(storage.storageFailure == nil)
        #expect(CookieStorage.file(file).cookieHeader(for: site) == "a=1")
    }

    @Test("a file that cannot be written degrades to memory, reported once, and no call fails")
    func unwritableFile() throws {
        // Given a storage on a path that cannot be created, with a failure handler
        let storage = CookieStorage.file(URL(fileURLWithPath: "/proc/self/nope/cookies.json"))
        let reports = Locked<[String]>([])
        storage.onStorageFailure = { message in reports.withLock { $0.append(message) } }
        #expect(storage.storageFailure == nil)

        // When persistent cookies are stored, twice
        storage.store(setCookies: ["a=1; Max-Age=100"], from: site)
        storage.add(Cookie(name: "b", value: "2", domain: "example.com", expires: .now + 100))

        // Then they are kept in memory, and the failure was reported once, naming the file
        #expect(storage.cookieHeader(for: site) == "a=1; b=2")
        let failure = try #require(storage.storageFailure)
        #expect(failure.contains("/proc/self/nope/cookies.json"))
        #expect(reports.withLock { $0 } == [failure])
    }

    @Test("a handler set after the failure hears it at once, once")
    func lateHandler() {
        let storage = CookieStorage.file(URL(fileURLWithPath: "/proc/self/nope/cookies.json"))
        storage.store(setCookies: ["a=1; Max-Age=100"], from: site)
        let reports = Locked<Int>(0)
        storage.onStorageFailure = { _ in reports.withLock { $0 += 1 } }
        storage.onStorageFailure = { _ in reports.withLock { $0 += 1 } }
        #expect(reports.withLock { $0 } == 1)
        #expect(CookieStorage.memory().storageFailure == nil)
    }
}
