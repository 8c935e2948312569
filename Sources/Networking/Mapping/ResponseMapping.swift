/// Overcoat's three tables, typed: which responses are envelopes (and where their result is), which error
/// model a failing response's body decodes to, and which model a path's response is. Described once in
/// ``NetworkingConfiguration/responseMapping``.
///
/// Patterns are matched against the call's path relative to the base URL (query ignored): a literal component,
/// `#` (one all-digit component), `*` (exactly one component), `**` (this and every remaining component); the
/// most specific pattern wins (see ``ResourcePathMatcher``).
///
/// ```swift
/// var mapping = ResponseMapping()
/// mapping.envelope("**", resultKeyPath: "data")
/// mapping.errorModel(APIProblem.self, for: "**", statusCodes: [400, 422])
/// mapping.model(Book.self, for: "books/#")
/// mapping.model([Book].self, for: "books", method: .get)
/// configuration.responseMapping = mapping
/// ```
///
/// A malformed pattern or key path never crashes: the first call of a repository with this configuration
/// returns ``RepositoryError/invalidParameters(_:)`` naming it.
public struct ResponseMapping: Sendable {
    var envelopes: [String: EnvelopeRule] = [:]
    var errorModels: [String: [ErrorModelRule]] = [:]
    var models: [String: [ModelRule]] = [:]

    /// Creates an empty mapping: no envelopes, no error models, no models.
    public init() {}

    /// Declares that the responses of paths matching `pattern` are envelopes whose result is at
    /// `resultKeyPath`.
    ///
    /// `performRequest` then decodes its type at the key path, and ``AbstractRepository/performEnvelopedRequest(method:path:parameters:headers:)``
    /// keeps the whole body next to it. A later declaration for the same pattern replaces this one.
    /// - Parameters:
    ///   - pattern: The resource path pattern, such as `"**"` or `"books/*"`.
    ///   - resultKeyPath: Dotted object keys, such as `"data"` or `"data.items"`; `""` is the whole body.
    public mutating func envelope(_ pattern: String, resultKeyPath: String) {
        envelopes[pattern] = EnvelopeRule(keyPath: resultKeyPath)
    }

    /// Declares the error model that failing responses of paths matching `pattern` decode to.
    ///
    /// The decoded value is carried by the error's ``ResponseError/errorModel``; a body that does not decode
    /// leaves it `nil` and the raw body intact.
    /// - Parameters:
    ///   - type: The error model.
    ///   - pattern: The resource path pattern.
    ///   - statusCodes: The statuses it applies to; `nil` (the default) for every failing status. A rule naming
    ///     the status wins over one that does not.
    public mutating func errorModel<E: Decodable & Sendable>(
        _ type: E.Type, for pattern: String, statusCodes: Set<Int>? = nil
    ) {
        errorModels[pattern, default: []].append(ErrorModelRule(type, statusCodes: statusCodes))
    }

    /// Declares the model that successful responses of paths matching `pattern` decode to, for
    /// ``AbstractRepository/performMappedRequest(method:path:parameters:headers:)``.
    ///
    /// Among the rules of the winning pattern, one naming the method wins over one naming only statuses, which
    /// wins over one naming neither; a rule naming both wins over all. With an envelope for the path, the model
    /// is decoded at its result key path.
    /// - Parameters:
    ///   - type: The model, such as `Book.self` or `[Book].self`.
    ///   - pattern: The resource path pattern.
    ///   - method: The method it applies to, or `nil` (the default) for every method.
    ///   - statusCodes: The statuses it applies to, or `nil` (the default) for every status.
    public mutating func model<M: Decodable & Sendable>(
        _ type: M.Type, for pattern: String, method: HTTPMethod? = nil, statusCodes: Set<Int>? = nil
    ) {
        models[pattern, default: []].append(ModelRule(type, method: method, statusCodes: statusCodes))
    }

    /// Whether nothing is declared.
    var isEmpty: Bool {
        envelopes.isEmpty && errorModels.isEmpty && models.isEmpty
    }
}
