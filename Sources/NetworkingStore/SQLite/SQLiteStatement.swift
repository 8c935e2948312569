import CSQLite
import Foundation

/// A prepared statement lent by ``SQLiteConnection/withStatement(_:binding:while:_:)`` for one run.
struct SQLiteStatement {
    /// SQLite's "copy the value now" destructor (`SQLITE_TRANSIENT`), which the C macro cannot give Swift.
    private static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    let handle: OpaquePointer
    let connection: SQLiteConnection
    /// What the statement does, for error messages.
    let action: String

    /// Binds `values` to parameters 1, 2, … in order.
    func bind(_ values: [SQLiteValue]) throws(StoreError) {
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let code: Int32
            switch value {
            case .int(let value):
                code = sqlite3_bind_int64(handle, index, value)
            case .double(let value):
                code = sqlite3_bind_double(handle, index, value)
            case .text(let value):
                code = sqlite3_bind_text(handle, index, value, -1, Self.transient)
            case .utf8(let bytes):
                code = bytes.withUnsafeBytes { buffer in
                    // An empty buffer may have no base address, which SQLite would bind as NULL instead of "".
                    guard let base = buffer.baseAddress, !buffer.isEmpty else {
                        return sqlite3_bind_text(handle, index, "", 0, Self.transient)
                    }
                    // 64-bit length: a batch over 2 GiB is SQLite's "too big" error, not an Int32 trap.
                    return sqlite3_bind_text64(
                        handle, index, base.assumingMemoryBound(to: CChar.self), UInt64(buffer.count),
                        Self.transient, UInt8(SQLITE_UTF8))
                }
            }
            guard code == SQLITE_OK else {
                throw connection.error(while: action)
            }
        }
    }

    /// Runs the statement to its next row: `true` when a row is ready, `false` when it is done.
    func step() throws(StoreError) -> Bool {
        switch sqlite3_step(handle) {
        case SQLITE_ROW: return true
        case SQLITE_DONE: return false
        default: throw connection.error(while: action)
        }
    }

    /// Runs the statement to its end (a write).
    func run() throws(StoreError) {
        while try step() {}
    }

    /// A column of the current row as text, or `nil` when it is NULL.
    func text(at column: Int32) -> String? {
        guard let text = sqlite3_column_text(handle, column) else {
            return nil
        }
        return String(cString: text)
    }

    /// Appends a column of the current row, as its UTF-8 text, to `bytes`; returns whether it was not NULL.
    func appendText(at column: Int32, to bytes: inout [UInt8]) -> Bool {
        // sqlite3_column_text before sqlite3_column_bytes: the count is then the length of that text.
        guard let text = sqlite3_column_text(handle, column) else {
            return false
        }
        let count = Int(sqlite3_column_bytes(handle, column))
        bytes.append(contentsOf: UnsafeBufferPointer(start: text, count: count))
        return true
    }
}
