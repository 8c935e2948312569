import Foundation
import Networking

/// The reading shelf (cacheable) and the reader's preferences (a cookie), for the caching and cookies section.
final class ShelfRepository: AbstractRepository, @unchecked Sendable {
    /// The shelf, answered by the cache while fresh.
    func fetchShelf() async -> Result<HTTPResponse, RepositoryError> {
        await performRawRequest(method: .get, path: "shelf")
    }

    /// The shelf, revalidated with the server whatever its freshness (`Cache-Control: no-cache`).
    func revalidateShelf() async -> Result<HTTPResponse, RepositoryError> {
        await performRawRequest(method: .get, path: "shelf", headers: ["Cache-Control": "no-cache"])
    }

    /// The preferences; the first answer sets a `theme` cookie that the jar sends back.
    func fetchPreferences() async -> Result<[String: String?], RepositoryError> {
        await performRequest(method: .get, path: "preferences")
    }
}
