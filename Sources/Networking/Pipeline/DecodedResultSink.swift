/// Receives every value a repository call decoded successfully, before the call returns: how
/// `NetworkingStore`'s `PersistingRepository` saves results. Package-internal: a repository has at most one.
package protocol DecodedResultSink: Sendable {
    /// Takes a decoded value (an envelope's result, not the envelope); runs before the caller gets it.
    func accept(_ value: any Sendable, configuration: NetworkingConfiguration)
}
