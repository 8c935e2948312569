import CSQLite
import Foundation

/// One SQLite connection with its prepared statements, which it keeps and reuses by SQL text.
///
/// Raw SQLite handles stay inside this type and ``SQLiteStatement``. The connection is opened without SQLite's
/// own mutex (`SQLITE_OPEN_NOMUTEX`): the store uses each connection from one thread at a time.
// @unchecked Sendable: a connection is only used while its owner's lock is held (the writer) or while checked
// out of the reader pool by a single caller, so no two threads touch its handle or statement cache at once.
final class SQLiteConnection: @unchecked Sendable {
    /// How many prepared statements a connection keeps; filters of new shapes beyond it replace the cache.
    private static let statementCacheLimit = 64

    /// The database file as messages name it.
    let name: String
    private let handle: OpaquePointer
    private var statements: [String: OpaquePointer] = [:]

    /// Opens a connection.
    /// - Parameters:
    ///   - path: The file path, or `":memory:"`.
    ///   - name: The database as messages name it.
    ///   - create: Whether SQLite may create the file (the store creates file databases itself, with mode 0600).
    init(path: String, name: String, create: Bool) throws(StoreError) {
        self.name = name
        var handle: OpaquePointer?
        var flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_PRIVATECACHE
        if create {
            flags |= SQLITE_OPEN_CREATE
        }
        let code = sqlite3_open_v2(path, &handle, flags, nil)
        guard let handle else {
            throw StoreError("SQLite store \(name): \(String(cString: sqlite3_errstr(code))) (while opening)")
        }
        self.handle = handle
        guard code == SQLITE_OK else {
            let error = self.error(while: "opening")
            sqlite3_close_v2(handle)
            throw error
        }
        sqlite3_extended_result_codes(handle, 1)
    }

    deinit {
        for statement in statements.values {
            sqlite3_finalize(statement)
        }
        sqlite3_close_v2(handle)
    }

    /// The error SQLite reports for the last call that failed on this connection.
    func error(while action: String) -> StoreError {
        StoreError("SQLite store \(name): \(String(cString: sqlite3_errmsg(handle))) (while \(action))")
    }

    /// Waits up to `milliseconds` for another connection's lock instead of failing with "database is locked".
    func setBusyTimeout(milliseconds: Int32) {
        sqlite3_busy_timeout(handle, milliseconds)
    }

    /// Runs SQL that binds nothing and whose rows are not needed (pragmas, schema, `BEGIN`), statement by statement.
    func execute(_ sql: String, while action: String) throws(StoreError) {
        guard sqlite3_exec(handle, sql, nil, nil, nil) == SQLITE_OK else {
            throw error(while: action)
        }
    }

    /// The first column of the first row of SQL that binds nothing, as text (such as a pragma's answer).
    func text(_ sql: String, while action: String) throws(StoreError) -> String? {
        try withStatement(sql, while: action) { statement throws(StoreError) in
            try statement.step() ? statement.text(at: 0) : nil
        }
    }

    /// How many rows the last finished `INSERT`, `UPDATE` or `DELETE` changed.
    var changes: Int {
        Int(sqlite3_changes(handle))
    }

    /// Whether no transaction is open.
    var isAutocommit: Bool {
        sqlite3_get_autocommit(handle) != 0
    }

    /// Runs `body` with the prepared statement for `sql` (prepared once, then reused), values bound in order.
    /// The statement is reset and its bindings cleared afterwards, so that it holds no read lock or value.
    func withStatement<Result>(
        _ sql: String, binding values: [SQLiteValue] = [], while action: String,
        _ body: (SQLiteStatement) throws(StoreError) -> Result
    ) throws(StoreError) -> Result {
        let prepared = try statement(for: sql, while: action)
        defer {
            sqlite3_reset(prepared)
            sqlite3_clear_bindings(prepared)
        }
        let statement = SQLiteStatement(handle: prepared, connection: self, action: action)
        try statement.bind(values)
        return try body(statement)
    }

    private func statement(for sql: String, while action: String) throws(StoreError) -> OpaquePointer {
        if let statement = statements[sql] {
            return statement
        }
        var prepared: OpaquePointer?
        guard sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil) == SQLITE_OK,
            let prepared
        else {
            throw error(while: action)
        }
        if statements.count >= Self.statementCacheLimit {
            for statement in statements.values {
                sqlite3_finalize(statement)
            }
            statements.removeAll()
        }
        statements[sql] = prepared
        return prepared
    }
}
