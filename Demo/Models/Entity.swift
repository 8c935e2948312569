import Foundation
import Networking

/// A generic entity of the demo API, decoded by hand from a `{"page": [...]}` envelope.
struct Entity: Equatable, Sendable {
    var id: Int
    var name: String

    /// Decodes `{"page": [{"id": 1, "name": "…"}, …]}` without Codable, the way a manual decoder
    /// for an awkward envelope would, reporting problems as ``DecodeError``.
    static func decodePage(_ data: Data) throws -> [Entity] {
        guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw DecodeError.typeMismatch(expected: "an object at (root)", actual: "another JSON value")
        }
        guard let page = object["page"] as? [[String: Any]] else {
            throw DecodeError.missingKey("page")
        }
        return try page.enumerated().map { index, element in
            guard let id = element["id"] as? Int else {
                throw DecodeError.missingKey("page[\(index)].id")
            }
            guard let name = element["name"] as? String else {
                throw DecodeError.missingKey("page[\(index)].name")
            }
            return Entity(id: id, name: name)
        }
    }
}

/// The errors of the entities endpoint that the app knows by name.
enum EntityError: String, CustomRepositoryErrorType {
    case locked = "entity_locked"
    case archived = "entity_archived"
}
