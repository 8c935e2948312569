extension SQLiteStore {
    /// The models to persist found in a decoded result: a ``Persistable``, an array of them, a
    /// ``PersistableContainer``'s models, or those of an array of containers (arrays may mix the two).
    ///
    /// Package-level, for `PersistingRepository`, which saves them with ``save(persistables:)``. A value that is
    /// both a model and a container gives itself, then its nested models; anything else gives none.
    /// - Parameter value: A decoded result.
    package static func persistables(in value: any Sendable) -> [any Persistable] {
        if let elements = value as? [any Sendable] {
            return elements.flatMap { persistablesOfOne($0) }
        }
        return persistablesOfOne(value)
    }

    private static func persistablesOfOne(_ value: any Sendable) -> [any Persistable] {
        var found: [any Persistable] = []
        if let model = value as? any Persistable {
            found.append(model)
        }
        if let container = value as? any PersistableContainer {
            found += container.persistables
        }
        return found
    }
}
