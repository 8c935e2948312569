/// The clients compared.
enum Contender: String, Sendable, CaseIterable {
    /// An `AbstractRepository` subclass on the default (shared) `CurlTransport`.
    case networking
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
        case .curl: "raw libcurl"
        case .urlsession: "URLSession"
        case .wrk: "wrk"
        }
    }
}
