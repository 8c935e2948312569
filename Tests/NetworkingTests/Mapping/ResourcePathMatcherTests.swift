import Testing

@testable import Networking

@Suite("ResourcePathMatcher", .timeLimit(.minutes(1)))
struct ResourcePathMatcherTests {
    /// Overcoat's example set, plus a root `**`.
    static let overcoat = ["test/*", "test/#", "test/**", "**"]

    @Test(
        "Overcoat's examples: # beats *, ** takes deeper paths, a root ** takes the rest",
        arguments: [
            ("/test/42", "test/#"),
            ("/test/abc", "test/*"),
            ("/test/a/b", "test/**"),
            ("/test/a/b/c/d", "test/**"),
            ("/test/42/7", "test/**"),
            ("/models", "**"),
            ("/test", "**"),
            ("", "**"),
            ("/", "**"),
        ]
    )
    func overcoatExamples(path: String, expected: String) {
        expectMatch(Self.overcoat, path: path, expected: expected)
    }

    @Test("the example in the type's documentation gives the values it shows")
    func documentationExample() {
        // Given
        let matcher = ResourcePathMatcher([
            "test/#": "by id",
            "test/*": "by name",
            "test/**": "nested",
            "**": "anything else",
        ])

        // When / Then
        #expect(matcher.match("/test/42") == "by id")
        #expect(matcher.match("/test/abc") == "by name")
        #expect(matcher.match("/test/a/b") == "nested")
        #expect(matcher.match("/models?page=2") == "anything else")
    }

    @Test("well-formed patterns report no problems")
    func wellFormedPatternsHaveNoProblems() {
        // Given / When
        let matcher = ResourcePathMatcher(
            Dictionary(uniqueKeysWithValues: (Self.overcoat + ["", "/books/#/", "a/*/#/**"]).map { ($0, 0) }))

        // Then
        #expect(matcher.problems == [])
    }

    @Test(
        "#, * and ** compete at every depth, the most specific winning",
        arguments: [
            ("a/1/b", "a/#/b"),
            ("a/x/b", "a/*/b"),
            ("a/1/2", "a/#/#"),
            ("a/x/2", "a/x/#"),
            ("a/y/2", "a/*/#"),
            ("a/1/c", "a/#/*"),
            ("a/y/c", "a/**"),
            ("a/1/b/c", "a/#/b/**"),
            ("a/x/b/c", "a/**"),
            ("a/1/2/3", "a/**"),
            ("7", "#"),
            ("seven", "*"),
            ("7/8", "**"),
        ]
    )
    func specificityAtSeveralDepths(path: String, expected: String) {
        let patterns = [
            "a/#/b", "a/*/b", "a/#/#", "a/x/#", "a/*/#", "a/#/*", "a/**", "a/#/b/**", "#", "*", "**",
        ]
        expectMatch(patterns, path: path, expected: expected)
    }

    @Test(
        "a branch that fails deeper down hands over to the next one at its depth",
        arguments: [
            (["a/b/c", "a/*/d"], "a/b/d", "a/*/d"),
            (["a/b/c", "a/*/d"], "a/b/c", "a/b/c"),
            (["v/42/edit", "v/#/show"], "v/42/show", "v/#/show"),
            (["v/42/edit", "v/#/show", "v/*/list"], "v/42/list", "v/*/list"),
            (["a/#/x/y", "a/*/x/z", "a/**"], "a/1/x/z", "a/*/x/z"),
            (["a/#/x/y", "a/*/x/z", "a/**"], "a/1/x/q", "a/**"),
            (["s/t/u", "s/*/v", "**"], "s/t/w", "**"),
            (["s/t/**", "s/*"], "s/t", "s/*"),
        ] as [([String], String, String?)]
    )
    func backtracking(patterns: [String], path: String, expected: String?) {
        expectMatch(patterns, path: path, expected: expected)
    }

    @Test(
        "the empty pattern, a root ** and ** after a component",
        arguments: [
            (["", "**"], "", ""),
            (["", "**"], "/", ""),
            (["", "**"], "a", "**"),
            (["/", "**"], "//", "/"),
            (["**"], "", "**"),
            ([""], "", ""),
            ([""], "a", nil),
            (["statuses/**"], "statuses", nil),
            (["statuses/**"], "/statuses/", nil),
            (["statuses/**"], "statuses/1", "statuses/**"),
            (["statuses/**"], "statuses/1/retweets", "statuses/**"),
            (["statuses", "statuses/**"], "statuses", "statuses"),
            (["statuses/**"], "", nil),
            (["*"], "", nil),
            (["#"], "", nil),
        ] as [([String], String, String?)]
    )
    func emptyPathAndRest(patterns: [String], path: String, expected: String?) {
        expectMatch(patterns, path: path, expected: expected)
    }

    @Test(
        "leading, trailing and repeated slashes and the query are ignored",
        arguments: [
            (["/books/"], "books", "/books/"),
            (["books"], "/books/", "books"),
            (["//books/#//"], "books/42", "//books/#//"),
            (["books/#"], "//books//42//", "books/#"),
            (["books/#"], "books/42?include=author", "books/#"),
            (["books/#"], "/books/42/?page=2&size=10", "books/#"),
            (["books"], "books?next=/books/2", "books"),
            ([""], "?page=2", ""),
            (["books/#"], "books?42", nil),
        ] as [([String], String, String?)]
    )
    func slashesAndQuery(patterns: [String], path: String, expected: String?) {
        expectMatch(patterns, path: path, expected: expected)
    }

    @Test(
        "a literal beats #, and # takes ASCII digits only",
        arguments: [
            ("users/42", "users/42"),
            ("users/43", "users/#"),
            ("users/042", "users/#"),
            ("users/4a", "users/*"),
            ("users/-1", "users/*"),
            ("users/4.2", "users/*"),
            ("users/4:2", "users/*"),
            ("users/\u{FF14}\u{FF12}", "users/*"),
            ("users/\u{0663}", "users/*"),
            ("users/#", "users/*"),
            ("users/caf\u{E9}", "users/caf\u{E9}"),
            ("users/cafe\u{301}", "users/*"),
            ("users/Caf\u{E9}", "users/*"),
        ]
    )
    func literalsAndDigits(path: String, expected: String) {
        expectMatch(["users/42", "users/#", "users/*", "users/caf\u{E9}"], path: path, expected: expected)
    }

    @Test(
        "a malformed pattern is reported, never matches, and leaves the others working",
        arguments: [
            ("a/**/b", #""**" must be the last component"#),
            ("**/books", #""**" must be the last component"#),
            ("**/**", #""**" must be the last component"#),
            ("a//b", "empty component"),
            ("books//#", "empty component"),
            ("books*", #"component "books*" mixes"#),
            ("***", #"component "***" mixes"#),
            ("v#", #"component "v#" mixes"#),
            ("books/#1", ##"component "#1" mixes"##),
            ("books?page=1", #""?" is not allowed"#),
            ("?", #""?" is not allowed"#),
            ("my books", "whitespace or a control character"),
            ("books\t", "whitespace or a control character"),
            ("books/\n", "whitespace or a control character"),
            ("books\u{7}", "whitespace or a control character"),
            ("books\u{A0}#", "whitespace or a control character"),
        ]
    )
    func malformedPattern(pattern: String, problem: String) {
        // Given
        let rules = [pattern: 0, "books/#": 1, "books": 2, "**": 3]

        // When
        let matcher = ResourcePathMatcher(rules)

        // Then
        #expect(matcher.problems.count == 1)
        let reported = matcher.problems.first ?? ""
        #expect(reported.hasPrefix("pattern \(String(reflecting: pattern)): "))
        #expect(reported.contains(problem))
        for path in [pattern, "a/b", "a/x/b", "books/1", "books", "books*", "v1", "my books", "**/books", "***"] {
            #expect(matcher.matchedPattern(path) != pattern, "path \(path)")
        }
        #expect(matcher.match("books/7") == 1)
        #expect(matcher.match("books") == 2)
        #expect(matcher.match("elsewhere") == 3)
    }

    @Test("the message names the pattern and the problem in one sentence")
    func problemSentence() {
        // Given / When
        let matcher = ResourcePathMatcher(["a/**/b": 0])

        // Then
        #expect(matcher.problems == [#"pattern "a/**/b": "**" must be the last component"#])
        #expect(matcher.match("a/x/b") == nil)
    }

    @Test(
        "keys that are the same pattern once trimmed: the smaller key is kept and the others reported",
        arguments: [
            (["a/b", "/a/b/"], "a/b", "/a/b/"),
            (["/a/b/", "a/b"], "a/b", "/a/b/"),
            (["x", "/x", "x/", "//x"], "x", "//x"),
            (["", "/"], "", ""),
            (["books/#", "/books/#"], "books/12", "/books/#"),
        ]
    )
    func duplicatePatterns(keys: [String], path: String, kept: String) {
        // Given
        let rules = Dictionary(uniqueKeysWithValues: keys.enumerated().map { ($1, $0) })

        // When
        let matcher = ResourcePathMatcher(rules)

        // Then
        #expect(matcher.matchedPattern(path) == kept)
        #expect(matcher.match(path) == rules[kept])
        #expect(matcher.problems.count == keys.count - 1)
        for key in keys where key != kept {
            let problem = matcher.problems.first { $0.hasPrefix("pattern \(String(reflecting: key)): ") }
            #expect(problem?.contains("the same pattern as \(String(reflecting: kept))") == true, "key \(key)")
        }
    }

    @Test("no rules match nothing")
    func noRules() {
        // Given
        let matcher = ResourcePathMatcher<Int>([:])

        // Then
        #expect(matcher.match("") == nil)
        #expect(matcher.match("books") == nil)
        #expect(matcher.problems == [])
    }

    @Test(
        "relativePath strips the base path only at a component boundary",
        arguments: [
            ("/v1/books", "/v1", "books"),
            ("/v10/books", "/v1", "v10/books"),
            ("/v1books", "/v1", "v1books"),
            ("/v2/books", "/v1", "v2/books"),
            ("/v1", "/v1", ""),
            ("/v1/", "v1", ""),
            ("/v1//books/", "/v1/", "books"),
            ("/api/v1/books/42/", "/api/v1/", "books/42"),
            ("/api/v1/books", "/api", "v1/books"),
            ("/api/v10/books", "/api/v1", "api/v10/books"),
            ("/api", "/api/v1", "api"),
            ("/", "/v1", ""),
            ("/books", nil, "books"),
            ("//books//", nil, "books"),
            ("/books/", "", "books"),
            ("/books", "/", "books"),
            ("", nil, ""),
        ] as [(String, String?, String)]
    )
    func relativePath(urlPath: String, basePath: String?, expected: String) {
        #expect(ResourcePathMatcher<Int>.relativePath(urlPath, basePath: basePath) == expected)
    }

    @Test("a path made relative to the base path then picks its pattern")
    func relativePathThenMatch() {
        // Given
        let matcher = ResourcePathMatcher(["books/#": "book", "v10/**": "other version"])

        // When
        let book = matcher.match(ResourcePathMatcher<String>.relativePath("/v1/books/42", basePath: "/v1"))
        let other = matcher.match(ResourcePathMatcher<String>.relativePath("/v10/books/42", basePath: "/v1"))

        // Then
        #expect(book == "book")
        #expect(other == "other version")
    }

    /// Builds a matcher giving each pattern its position as value, then checks both the winning key and its value.
    private func expectMatch(
        _ patterns: [String], path: String, expected: String?, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        // Given
        let rules = Dictionary(uniqueKeysWithValues: patterns.enumerated().map { ($1, $0) })
        let matcher = ResourcePathMatcher(rules)

        // When
        let pattern = matcher.matchedPattern(path)
        let value = matcher.match(path)

        // Then
        #expect(matcher.problems == [], sourceLocation: sourceLocation)
        #expect(pattern == expected, "path \(String(reflecting: path))", sourceLocation: sourceLocation)
        #expect(value == expected.flatMap { rules[$0] }, sourceLocation: sourceLocation)
    }
}
