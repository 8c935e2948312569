import Foundation

/// A configuration's ``ResponseMapping`` with its tables turned into matchers, once per repository.
final class ResolvedResponseMapping: Sendable {
    private let envelopes: ResourcePathMatcher<EnvelopeRule>
    private let errorModels: ResourcePathMatcher<[ErrorModelRule]>
    private let models: ResourcePathMatcher<[ModelRule]>
    /// Nothing declared: every lookup is skipped.
    let isEmpty: Bool
    /// What is wrong with the declared patterns and key paths, one sentence each.
    let problems: [String]

    init(_ mapping: ResponseMapping) {
        envelopes = ResourcePathMatcher(mapping.envelopes)
        errorModels = ResourcePathMatcher(mapping.errorModels)
        models = ResourcePathMatcher(mapping.models)
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

    /// The path the tables are matched against (DESIGN §12: the call's path): the path as the call wrote it
    /// (relative to the base URL already), without its query or fragment, slashes trimmed, each component
    /// percent-decoded so that `b%C3%BCcher/7` and `bücher/7` read alike. Redirects do not change it.
    func resourcePath(ofCall path: String) -> String {
        guard !isEmpty else {
            return ""
        }
        let withoutQuery = path.prefix { $0 != "?" && $0 != "#" }
        let relative = ResourcePathMatcher<EnvelopeRule>.relativePath(String(withoutQuery), basePath: nil)
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

    /// The envelope of a call whose resource path is `path`, if it has one.
    func envelope(for path: String) -> EnvelopeRule? {
        isEmpty ? nil : envelopes.match(path)
    }

    /// The error model decoded from a failing response, or `nil` when no rule applies or the body does not
    /// decode.
    func errorModel(for response: ResponseError, path: String) -> (any Sendable)? {
        guard !isEmpty, let rules = errorModels.match(path) else {
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
    func model(for response: HTTPResponse, method: HTTPMethod, path: String) -> ModelRule? {
        guard let rules = models.match(path) else {
            return nil
        }
        let applicable = rules.enumerated().filter { $0.element.applies(to: method, status: response.statusCode) }
        let chosen = applicable.max { lhs, rhs in
            lhs.element.rank != rhs.element.rank ? lhs.element.rank < rhs.element.rank : lhs.offset < rhs.offset
        }
        return chosen?.element
    }
}
