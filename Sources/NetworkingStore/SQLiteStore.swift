public import Foundation
import Networking

#if canImport(Glibc)
    import Glibc
#endif

/// A SQLite database of decoded models, safe to use from many tasks at once, whose changes can be observed.
///
/// Models of every ``Persistable`` type share one file, filed by ``Persistable/storeName`` and id; each is kept
/// as the JSON its `Codable` conformance writes (ISO 8601 dates), so adding a property needs no migration.
///
/// ```swift
/// let store = try SQLiteStore(at: URL(filePath: "/var/lib/app/books.sqlite"))
/// try store.save(books)                                   // one transaction, replacing books already stored
/// let recent = try store.fetchAll(Book.self, where: .equals("author.name", "Le Guin"), orderBy: "year",
///                                 ascending: false, limit: 10)
/// for await books in store.changes(of: Book.self) { show(books) }
/// ```
///
/// How it stores: a file database runs in WAL mode (`synchronous=NORMAL`: a commit survives a crash of the app,
/// and a power cut may lose the last commits, never the file), with a 5 s busy timeout so that another process
/// holding the lock delays a call instead of failing it. Writes go through one connection behind a lock, each in a
/// `BEGIN IMMEDIATE` transaction; reads use connections of their own, which WAL lets run during a write. An
/// in-memory store has one connection for both. Every value is bound to a prepared statement, never written into
/// SQL. Errors are ``StoreError``s naming the file and what failed, never crashes.
public final class SQLiteStore: Sendable {
    /// How long a connection waits for another one's lock before failing with "database is locked".
    static let busyTimeoutMilliseconds: Int32 = 5000
    /// How many idle reader connections a file store keeps.
    static let idleReaderLimit = 4

    /// The database as messages name it: the file's path, or "(in memory)".
    let name: String
    let observers = StoreObservers()
    private let lockedWriter: Locked<SQLiteConnection>
    /// The reader connections of a file store; `nil` in memory, where reads use the writer.
    private let readers: ReaderPool?
    private let lockedSaveFailureHandler = Locked(SaveFailureHandler())

    /// The handler in a struct: a `Locked` of a bare function type re-abstracts it on every access (see
    /// `DecodedErrorHandler`).
    private struct SaveFailureHandler {
        var call: (@Sendable (StoreError) -> Void)?
    }

    private init(name: String, writer: SQLiteConnection, readers: ReaderPool?) {
        self.name = name
        lockedWriter = Locked(writer)
        self.readers = readers
    }

    /// Opens the database at a file URL, creating it with mode 0600 (owner only) when missing.
    ///
    /// The folder must exist. A file that is not a SQLite database, or one that cannot be created, opened or
    /// written, throws an error naming it.
    /// - Parameter url: A file URL, such as `URL(filePath: "/var/lib/app/books.sqlite")`.
    public convenience init(at url: URL) throws(StoreError) {
        try self.init(at: url, maxPageCount: nil)
    }

    /// Opens the database at a file URL; `maxPageCount` caps its size in pages, to make a full disk in tests.
    convenience init(at url: URL, maxPageCount: Int?) throws(StoreError) {
        let path = url.path(percentEncoded: false)
        guard url.isFileURL else {
            throw StoreError("SQLite store \(url.absoluteString): not a file URL (while opening)")
        }
        try Self.createFile(at: path)
        let writer = try SQLiteConnection(path: path, name: path, create: false)
        writer.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
        // The first statement reads the file's header: a file that is not a database fails here.
        guard try writer.text("PRAGMA journal_mode = WAL", while: "opening")?.lowercased() == "wal" else {
            throw StoreError("SQLite store \(path): cannot switch to WAL mode (while opening)")
        }
        try writer.execute("PRAGMA synchronous = NORMAL", while: "opening")
        try writer.execute(StoreSchema.create, while: "creating the table")
        if let maxPageCount {
            try writer.execute("PRAGMA max_page_count = \(maxPageCount)", while: "opening")
        }
        let readers = ReaderPool(idleLimit: Self.idleReaderLimit) { () throws(StoreError) in
            let reader = try SQLiteConnection(path: path, name: path, create: false)
            reader.setBusyTimeout(milliseconds: Self.busyTimeoutMilliseconds)
            try reader.execute("PRAGMA query_only = 1", while: "opening a reader")
            return reader
        }
        self.init(name: path, writer: writer, readers: readers)
    }

    /// Creates an empty database in memory, gone when the store is released (for caches and tests).
    public static func inMemory() throws(StoreError) -> SQLiteStore {
        let name = "(in memory)"
        let connection = try SQLiteConnection(path: ":memory:", name: name, create: true)
        try connection.execute(StoreSchema.create, while: "creating the table")
        return SQLiteStore(name: name, writer: connection, readers: nil)
    }

    deinit {
        observers.finishAll()
    }

    /// Called by a `PersistingRepository` when saving a call's results fails (the call still returns its data);
    /// `nil` by default. The store's own methods throw instead.
    public var saveFailureHandler: (@Sendable (StoreError) -> Void)? {
        get { lockedSaveFailureHandler.withLock { $0.call } }
        set { lockedSaveFailureHandler.withLock { $0.call = newValue } }
    }

    /// Creates the file with mode 0600 unless it exists, so that SQLite (and its -wal and -shm files, which take
    /// the database's mode) never make it readable by others.
    private static func createFile(at path: String) throws(StoreError) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            close(descriptor)
            return
        }
        let code = errno
        guard code == EEXIST else {
            throw StoreError(
                "SQLite store \(path): cannot create the file: \(String(cString: strerror(code))) (while opening)")
        }
    }

    /// Runs `body` on a reader connection (the writer in memory).
    func read<Result>(_ body: (SQLiteConnection) throws(StoreError) -> Result) throws(StoreError) -> Result {
        if let readers {
            return try readers.read(body)
        }
        return try lockedWriter.withLock { (writer) throws(StoreError) in try body(writer) }
    }

    /// Runs `body` on the writer connection, holding its lock (no commit can happen meanwhile).
    func withWriter<Result>(_ body: (SQLiteConnection) throws(StoreError) -> Result) throws(StoreError) -> Result {
        try lockedWriter.withLock { (writer) throws(StoreError) in try body(writer) }
    }
}
