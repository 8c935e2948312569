import Foundation
import Testing

@testable import NetworkingStore

#if canImport(Glibc)
    import Glibc
#endif

@Suite("SQLiteStore: the database file and its errors", .timeLimit(.minutes(2)))
struct SQLiteStoreFileTests {
    /// The permission bits of a file.
    private func mode(_ url: URL) throws -> Int {
        let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
        return try #require(attributes[.posixPermissions] as? Int) & 0o777
    }

    @Test("the database and its -wal and -shm files are created readable by their owner only (0600)")
    func fileModes() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("books.sqlite")
        let previous = umask(0o022)
        defer { umask(previous) }

        // When
        let store = try SQLiteStore(at: url)
        try store.save(books(10))
        _ = try store.fetchAll(Book.self)

        // Then
        for suffix in ["", "-wal", "-shm"] {
            let file = folder.file("books.sqlite" + suffix)
            #expect(FileManager.default.fileExists(atPath: file.path), "\(suffix) missing: not in WAL mode?")
            #expect(try mode(file) == 0o600, "books.sqlite\(suffix)")
        }
    }

    @Test("a file that is not a database is an error naming it, from init")
    func corruptFile() throws {
        // Given
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("books.sqlite")
        try Data(String(repeating: "this is not a database\n", count: 200).utf8).write(to: url)

        // When
        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(at: url) }

        // Then
        #expect(error?.message == "SQLite store \(url.path): file is not a database (while opening)")
    }

    @Test("a folder that cannot be written is an error naming the file")
    func unwritableFolder() throws {
        // Given: a folder no one can create files in, even root
        let url = URL(filePath: "/proc/self/nope/books.sqlite")

        // When
        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(at: url) }

        // Then
        let message = try #require(error?.message)
        #expect(message.hasPrefix("SQLite store /proc/self/nope/books.sqlite: cannot create the file: "))
        #expect(message.hasSuffix("(while opening)"))

        // And a read-only folder, where its permissions stop the user (root passes them)
        if geteuid() != 0 {
            let folder = try TemporaryFolder()
            defer {
                chmod(folder.url.path, 0o700)
                folder.remove()
            }
            #expect(chmod(folder.url.path, 0o500) == 0)
            let file = folder.file("books.sqlite")
            let readOnly = storeError { () throws(StoreError) in _ = try SQLiteStore(at: file) }
            #expect(readOnly?.message.hasPrefix("SQLite store \(file.path): cannot create the file: ") == true)
        }
    }

    @Test("a URL that is not a file URL is refused")
    func notAFileURL() throws {
        let url = try #require(URL(string: "https://example.com/books.sqlite"))

        let error = storeError { () throws(StoreError) in _ = try SQLiteStore(at: url) }

        #expect(error?.message == "SQLite store https://example.com/books.sqlite: not a file URL (while opening)")
    }

    @Test("a full database is an error saying so; the failed save leaves nothing and the store goes on")
    func fullDatabase() throws {
        // Given: a database of at most 12 pages
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("books.sqlite")
        let store = try SQLiteStore(at: url, maxPageCount: 12)

        // When
        let error = storeError { () throws(StoreError) in try store.save(books(2000)) }

        // Then
        #expect(error?.message == "SQLite store \(url.path): database or disk is full (while saving Book models)")
        #expect(try store.fetchAll(Book.self).isEmpty)
        try store.save(books(2))
        #expect(try store.fetchAll(Book.self).count == 2)
    }

    @Test("an existing database keeps its mode, and opening it twice at once works")
    func twoStoresOnOneFile() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let url = folder.file("books.sqlite")
        let first = try SQLiteStore(at: url)
        let second = try SQLiteStore(at: url)

        try first.save(books(3))

        #expect(try second.fetchAll(Book.self).count == 3)
        #expect(try mode(url) == 0o600)
    }
}
