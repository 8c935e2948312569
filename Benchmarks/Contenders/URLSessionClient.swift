import Foundation
import FoundationNetworking

/// The URLSession contender: `data(for:)` on an ephemeral session with caching off (nginx's static files would
/// otherwise be candidates for URLCache), as an app on Linux would use it.
final class URLSessionClient: Sendable {
    private let session: URLSession

    /// Creates the session.
    /// - Parameter maximumConnectionsPerHost: `httpMaximumConnectionsPerHost`; `nil` keeps FoundationNetworking's
    ///   default (6).
    init(maximumConnectionsPerHost: Int? = nil) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.urlCache = nil
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        if let maximumConnectionsPerHost {
            configuration.httpMaximumConnectionsPerHost = maximumConnectionsPerHost
        }
        session = URLSession(configuration: configuration)
    }

    /// GETs `url`.
    /// - Parameter url: The URL.
    /// - Returns: The body.
    /// - Throws: URLSession's error, or ``BenchmarkError`` for a status other than 200.
    func get(_ url: URL) async throws -> Data {
        let (data, response) = try await session.data(for: URLRequest(url: url))
        guard let status = (response as? HTTPURLResponse)?.statusCode, status == 200 else {
            throw BenchmarkError("URLSession: \(url) did not answer 200")
        }
        return data
    }

    /// Lets the session go (URLSession sessions leak until invalidated).
    func invalidate() {
        session.finishTasksAndInvalidate()
    }
}
