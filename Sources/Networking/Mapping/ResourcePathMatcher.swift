/// Picks a value by a call's resource path, the most specific pattern winning.
///
/// Patterns and paths are split on `/` after trimming their leading and trailing slashes; a path's query (from
/// the first `?`) is ignored. A pattern component is a literal, `#` (one component of ASCII digits), `*` (exactly
/// one component) or `**` (this component and all the rest, at least one; the pattern `"**"` alone also matches
/// the empty path). The empty pattern `""` matches only the empty path. At each depth a literal is tried first,
/// then `#`, then `*`, then `**`, depth first with backtracking.
///
/// ```swift
/// let matcher = ResourcePathMatcher([
///     "test/#": "by id",
///     "test/*": "by name",
///     "test/**": "nested",
///     "**": "anything else",
/// ])
/// matcher.match("/test/42")    // "by id"
/// matcher.match("/test/abc")   // "by name"
/// matcher.match("/test/a/b")   // "nested"
/// matcher.match("/models?page=2")  // "anything else"
/// ```
///
/// A malformed pattern (such as `"a/**/b"`, `"a//b"`, `"v#"` or `"a?b"`) never matches and never traps; the
/// matcher keeps a sentence about it for diagnostics.
public struct ResourcePathMatcher<Value: Sendable>: Sendable {
    private struct Rule: Sendable {
        let pattern: String
        let value: Value
    }

    private let rules: [Rule]
    private let trie: ResourcePatternTrie

    /// One sentence per pattern the matcher ignores or merges, naming it and what is wrong; empty when every pattern
    /// is well formed.
    let problems: [String]

    /// Creates a matcher from values keyed by pattern.
    ///
    /// Malformed patterns are ignored. When two keys are the same pattern once slashes are trimmed (`"a/b"` and
    /// `"/a/b/"`), the lexicographically smaller key is kept.
    ///
    /// - Parameter rules: The value for each pattern, such as `["books/#": Book.self, "books": [Book].self]`.
    public init(_ rules: [String: Value]) {
        var kept: [Rule] = []
        var trie = ResourcePatternTrie()
        var problems: [String] = []
        var keyByPattern: [ResourcePattern: String] = [:]
        // Sorted, so that problems come in a stable order and the smaller of two duplicate keys is the one kept.
        for (key, value) in rules.sorted(by: { $0.key < $1.key }) {
            let pattern: ResourcePattern
            do {
                pattern = try ResourcePattern(parsing: key)
            } catch {
                problems.append("pattern \(String(reflecting: key)): \(error)")
                continue
            }
            if let earlier = keyByPattern[pattern] {
                problems.append(
                    "pattern \(String(reflecting: key)): the same pattern as \(String(reflecting: earlier)) once "
                        + "slashes are trimmed, so only \(String(reflecting: earlier)) is used")
                continue
            }
            keyByPattern[pattern] = key
            trie.insert(pattern, rule: kept.count)
            kept.append(Rule(pattern: key, value: value))
        }
        self.rules = kept
        self.trie = trie
        self.problems = problems
    }

    /// The value of the most specific pattern matching `path`, or `nil` when none does.
    ///
    /// - Parameter path: A resource path relative to the base URL, such as `"books/42"` or `"/books?page=2"`; its
    ///   leading and trailing slashes and its query are ignored.
    public func match(_ path: String) -> Value? {
        trie.rule(matching: path).map { rules[$0].value }
    }

    /// The key of the pattern ``match(_:)`` would use for `path`, as given to the initializer, for logs and tests.
    func matchedPattern(_ path: String) -> String? {
        trie.rule(matching: path).map { rules[$0].pattern }
    }

    /// `urlPath` relative to `basePath`, without leading and trailing slashes: the base path is removed only when it
    /// ends at a component boundary.
    ///
    /// With the base path `/v1`, `/v1/books` is `books`, `/v1` is empty and `/v10/books` stays `v10/books`. A `nil`,
    /// empty or `/` base path only trims slashes.
    static func relativePath(_ urlPath: String, basePath: String?) -> String {
        let path = ResourcePattern.trimmingSlashes(urlPath.utf8)
        let base = ResourcePattern.trimmingSlashes((basePath ?? "").utf8)
        guard !base.isEmpty, path.starts(with: base) else {
            return String(decoding: path, as: UTF8.self)
        }
        let rest = path.dropFirst(base.count)
        guard rest.isEmpty || rest.first == ResourcePattern.slash else {
            return String(decoding: path, as: UTF8.self)
        }
        return String(decoding: ResourcePattern.trimmingSlashes(rest), as: UTF8.self)
    }
}
