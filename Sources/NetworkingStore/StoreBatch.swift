import Foundation
import Networking

/// Models of one store name, encoded for ``StoreSchema/upsertBatch``: one JSON array of `[id, model]` pairs.
struct StoreBatch {
    /// One pair of a batch of one type: the id's text, then the model (no existential box per model).
    private struct TypedRow<Model: Persistable>: Encodable {
        let id: String
        let model: Model

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(id)
            try container.encode(model)
        }
    }

    /// One pair of a mixed batch: the id's text, then the model.
    private struct Row: Encodable {
        let id: String
        let model: any Persistable

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            try container.encode(id)
            try container.encode(model)
        }
    }

    /// The store name the rows go under.
    let storeName: String
    /// The encoded `[[id, model], …]` array.
    let json: Data

    /// Encodes models of one type in one `JSONEncoder` call.
    /// - Parameters:
    ///   - models: The models, saved in this order.
    ///   - database: The database as messages name it.
    init<Model: Persistable>(_ models: [Model], database: String) throws(StoreError) {
        storeName = Model.storeName
        do {
            json = try JSONEncoder.networking.encode(models.map { TypedRow(id: $0.id.description, model: $0) })
        } catch {
            throw StoreError("SQLite store \(database): cannot encode \(storeName) models: \(error) (while saving)")
        }
    }

    /// Encodes models of one store name (of one type or several) in one `JSONEncoder` call.
    /// - Parameters:
    ///   - storeName: Their store name.
    ///   - models: The models, saved in this order.
    ///   - database: The database as messages name it.
    init(storeName: String, models: [any Persistable], database: String) throws(StoreError) {
        self.storeName = storeName
        do {
            json = try JSONEncoder.networking.encode(models.map { Row(id: $0.id.description, model: $0) })
        } catch {
            throw StoreError("SQLite store \(database): cannot encode \(storeName) models: \(error) (while saving)")
        }
    }

    /// Groups models by store name, keeping the order of first appearance of each name and of the models in it.
    static func grouped(_ models: [any Persistable], database: String) throws(StoreError) -> [StoreBatch] {
        var order: [String] = []
        var groups: [String: [any Persistable]] = [:]
        for model in models {
            let name = type(of: model).storeName
            if groups[name] == nil {
                order.append(name)
            }
            groups[name, default: []].append(model)
        }
        var batches: [StoreBatch] = []
        for name in order {
            batches.append(try StoreBatch(storeName: name, models: groups[name] ?? [], database: database))
        }
        return batches
    }
}
