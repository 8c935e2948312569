import Foundation
import Networking
import NetworkingStore

/// The catalogue, read through its envelope and saved in a SQLite store as it arrives.
final class StoredBooksRepository: PersistingRepository, @unchecked Sendable {
    /// The configuration's mapping: the catalogue is an envelope whose books are at `data`; failures of any
    /// path decode as an ``APIProblem``.
    static func mapping() -> ResponseMapping {
        var mapping = ResponseMapping()
        mapping.envelope("catalog", resultKeyPath: "data")
        mapping.errorModel(APIProblem.self, for: "**")
        return mapping
    }

    func fetchCatalog() async -> Result<Enveloped<[Book]>, RepositoryError> {
        await performEnvelopedRequest(method: .get, path: "catalog")
    }

    func fetchCatalogBook(id: Int) async -> Result<Book, RepositoryError> {
        await performRequest(method: .get, path: "catalog/\(id)")
    }
}
