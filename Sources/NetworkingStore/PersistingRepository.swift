public import Networking

/// A repository whose successful results are saved in a ``SQLiteStore`` before the call returns, as Overcoat
/// saved them in Core Data: apps read them offline and observe them with ``SQLiteStore/changes(of:)``.
///
/// ```swift
/// final class BooksRepository: PersistingRepository, @unchecked Sendable {
///     func fetchBooks() async -> Result<[Book], RepositoryError> {   // Book: Persistable
///         await performRequest(method: .get, path: "books")
///     }
/// }
/// let store = try SQLiteStore(at: cachesFolder.appending(path: "books.sqlite"))
/// let repository = BooksRepository(configuration: configuration, store: store)
/// _ = await repository.fetchBooks()                 // saved
/// let offline = try store.fetchAll(Book.self, orderBy: "title")
/// ```
///
/// Saved are results that are ``Persistable``, arrays of them, or ``PersistableContainer``s, including an
/// `Enveloped` value's result and the model of `performMappedRequest`; each call's models go in one
/// transaction. A failed save does not fail the call: the caller still gets its data, and the error goes to
/// the store's ``SQLiteStore/saveFailureHandler`` and to the configuration's logger at `.error`.
open class PersistingRepository: AbstractRepository, @unchecked Sendable {
    // @unchecked Sendable: like AbstractRepository, only immutable lets of Sendable types.

    /// The store results are saved in.
    public let store: SQLiteStore

    /// Creates a repository that saves its results in `store`.
    /// - Parameters:
    ///   - configuration: The API's description.
    ///   - store: Where results are saved.
    ///   - sessionManager: The session whose token every call but authentication requests requires; `nil` for none.
    ///   - defaultHeaders: Headers sent with every request.
    ///   - transport: The transport; `nil` uses the shared `CurlTransport`.
    public init(
        configuration: NetworkingConfiguration, store: SQLiteStore,
        sessionManager: (any SessionManagerType)? = nil, defaultHeaders: [String: String] = [:],
        transport: (any HTTPTransport)? = nil
    ) {
        self.store = store
        super.init(
            configuration: configuration, sessionManager: sessionManager, defaultHeaders: defaultHeaders,
            transport: transport, resultSink: StoreSink(store: store))
    }
}

/// Saves what a call decoded, before the call returns.
struct StoreSink: DecodedResultSink {
    let store: SQLiteStore

    func accept(_ value: any Sendable, configuration: NetworkingConfiguration) {
        let models = SQLiteStore.persistables(in: value)
        guard !models.isEmpty else {
            return
        }
        do {
            try store.save(persistables: models)
        } catch {
            store.saveFailureHandler?(error)
            let event = DiagnosticEvent(
                level: .error, subsystem: "store",
                message: "NetworkingStore: saving \(models.count) decoded models failed: \(error)")
            for monitor in configuration.eventMonitors {
                monitor.diagnostic(event)
            }
        }
    }
}
