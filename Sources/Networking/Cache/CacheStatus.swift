/// How the cache answered: the value of the `X-Networking-Cache` header it adds to every response it hands back.
enum CacheStatus: String, Sendable {
    /// Answered from the cache without I/O.
    case hit
    /// A stored response the server confirmed with a 304.
    case revalidated
    /// Not answered from the cache: sent to the server, or the `only-if-cached` 504.
    case miss

    /// The header's name.
    static let headerName = "X-Networking-Cache"

    /// The status a response carries, or `nil` when it did not come through a cache.
    init?(of response: HTTPResponse) {
        self.init(rawValue: response.headers[Self.headerName] ?? "")
    }
}
