import Networking

/// Entities: a call whose failure is mapped to an app error, and manual decoding of an envelope.
final class EntityRepository: AbstractRepository, @unchecked Sendable {
    func fetchCustomFailingEntity() async -> Result<Entity, RepositoryError> {
        let result: Result<Entity, RepositoryError> = await performRequest(method: .get, path: "entities/failing") {
            try Entity.decodePage($0).first ?? Entity(id: 0, name: "")
        }
        return result.mapCustomError { response in
            response.decodeBody(as: [String: String].self)?["error"].flatMap(EntityError.init(rawValue:))
        }
    }

    func fetchEntities(page: Int) async -> Result<[Entity], RepositoryError> {
        await performRequest(method: .get, path: "entities", parameters: ["page": page], decoder: Entity.decodePage)
    }
}
