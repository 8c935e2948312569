import Networking

/// Read-only connections to a file database, lent one caller at a time.
///
/// In WAL mode readers run while the writer commits, each on a snapshot of the last commit. A caller takes an
/// idle connection or opens one (so readers never wait for each other); at most `idleLimit` are kept afterwards.
final class ReaderPool: Sendable {
    private let open: @Sendable () throws(StoreError) -> SQLiteConnection
    private let idleLimit: Int
    private let idleConnections = Locked<[SQLiteConnection]>([])

    /// Creates an empty pool.
    /// - Parameters:
    ///   - idleLimit: How many idle connections to keep.
    ///   - open: Opens a new reader connection.
    init(idleLimit: Int, open: @escaping @Sendable () throws(StoreError) -> SQLiteConnection) {
        self.idleLimit = idleLimit
        self.open = open
    }

    /// Runs `body` with a reader connection of its own.
    func read<Result>(_ body: (SQLiteConnection) throws(StoreError) -> Result) throws(StoreError) -> Result {
        let connection: SQLiteConnection
        if let idle = idleConnections.withLock({ $0.popLast() }) {
            connection = idle
        } else {
            connection = try open()
        }
        defer {
            idleConnections.withLock { idle in
                if idle.count < idleLimit {
                    idle.append(connection)
                }
            }
        }
        return try body(connection)
    }
}
