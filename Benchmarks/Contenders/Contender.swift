/// The clients compared.
enum Contender: String, Sendable, CaseIterable {
    /// An `AbstractRepository` subclass on the default (shared) `CurlTransport`.
    case networking
    /// The same repository and transport as ``networking``, with the whole run inside
    /// `withTaskExecutorPreference(transport.executor)`: each request is sent and resumed on the transport's
    /// event-loop thread, with no thread hop.
    case networkingExecutor = "networking-executor"
    /// One libcurl easy handle reused in a loop through the C shim: the in-process ceiling.
    case curl
    /// FoundationNetworking's `URLSession.data(for:)` with an ephemeral configuration.
    case urlsession
    /// The wrk load generator, as a subprocess: the server's ceiling.
    case wrk

    /// The name in the table.
    var title: String {
        switch self {
        case .networking: "Networking"
        case .networkingExecutor: "Networking, executor"
        case .curl: "raw libcurl"
        case .urlsession: "URLSession"
        case .wrk: "wrk"
        }
    }

    /// The contender whose connection pool this one uses: ``networkingExecutor`` shares ``networking``'s
    /// repositories and transport, so the connection counter treats their sockets as one contender's.
    var connectionOwner: Contender {
        self == .networkingExecutor ? .networking : self
    }
}
