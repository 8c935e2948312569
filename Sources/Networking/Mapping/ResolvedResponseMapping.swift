import Foundation

/// A configuration's ``ResponseMapping`` with its tables turned into matchers, once per repository.
struct ResolvedResponseMapping: Sendable {
    private let envelopes: ResourcePathMatcher<EnvelopeRule>
    private let errorModels: ResourcePathMatcher<[ErrorModelRule]>
    private let models: ResourcePathMatcher<[ModelRule]>
    private let basePath: String?
    /// Nothing declared: every lookup is skipped.
    let isEmpty: Bool
    /// What is wrong with the declared patterns and key paths, one sentence each.
    let problems: [String]

    init(_ mapping: ResponseMapping, basePath: String?) {
        envelopes = ResourcePathMatcher(mapping.envelopes)
        errorModels = ResourcePathMatcher(mapping.errorModels)
        models = ResourcePathMatcher(mapping.models)
        // Matched against the answering URL's percent-encoded path, so encoded as `baseURL()` encodes it.
        self.basePath = basePath.map(NetworkingConfiguration.percentEncodePath)
        isEmpty = mapping.isEmpty
        let keyPathProblems = mapping.envelopes.sorted { $0.key < $1.key }.compactMap { pattern, rule in
            rule.problem.map { "envelope \"\(pattern)\": \($0)" }
        }
        problems =
            envelopes.problems.map { "envelope \($0)" } + keyPathProblems
            + errorModels.problems.map { "errorModel \($0)" } + models.problems.map { "model \($0)" }
    }

    /// Reports the first problem as ``RepositoryError/invalidParameters(_:)``.
    func validate() throws(RepositoryError) {
        if let problem = problems.first {
            throw .invalidParameters("responseMapping: \(problem)")
        }
    }

    /// The path the tables are matched against: the answering URL's path relative to the base path, each
    /// component percent-decoded so that patterns read as the call's path was written (`bücher/#`).
    func resourcePath(of url: URL?) -> String {
        guard let url else {
            return ""
        }
        let relative = ResourcePathMatcher<EnvelopeRule>.relativePath(
            url.path(percentEncoded: true), basePath: basePath)
        guard relative.contains("%") else {
            return relative
        }
        return relative.split(separator: "/", omittingEmptySubsequences: false).map { component in
            // An encoded "/" or "?" stays encoded: decoded, it would split the component or end the path.
            guard let decoded = component.removingPercentEncoding, !decoded.contains(where: { $0 == "/" || $0 == "?" })
            else {
                return String(component)
            }
            return decoded
        }
        .joined(separator: "/")
    }

    /// The envelope of the response from `url`, if its path has one.
    func envelope(for url: URL?) -> EnvelopeRule? {
        isEmpty ? nil : envelopes.match(resourcePath(of: url))
    }

    /// The error model decoded from a failing response, or `nil` when no rule applies or the body does not
    /// decode.
    func errorModel(for response: ResponseError) -> (any Sendable)? {
        guard !isEmpty, let rules = errorModels.match(resourcePath(of: response.url)) else {
            return nil
        }
        let applicable = rules.enumerated().filter { $0.element.statusCodes?.contains(response.statusCode) ?? true }
        // A rule naming the status wins over one that does not; among equals, the one declared last.
        let chosen = applicable.max { lhs, rhs in
            let lhsRank = lhs.element.statusCodes == nil ? 0 : 1
            let rhsRank = rhs.element.statusCodes == nil ? 0 : 1
            return lhsRank != rhsRank ? lhsRank < rhsRank : lhs.offset < rhs.offset
        }
        return chosen?.element.decode(response.body)
    }

    /// The model rule for a successful response, with Overcoat's precedence, or `nil`.
    func model(for response: HTTPResponse, method: HTTPMethod) -> ModelRule? {
        guard let rules = models.match(resourcePath(of: response.url)) else {
            return nil
        }
        let applicable = rules.enumerated().filter { $0.element.applies(to: method, status: response.statusCode) }
        let chosen = applicable.max { lhs, rhs in
            lhs.element.rank != rhs.element.rank ? lhs.element.rank < rhs.element.rank : lhs.offset < rhs.offset
        }
        return chosen?.element
    }
}
