import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Error models", .timeLimit(.minutes(1)))
struct ErrorModelTests {
    typealias Fixtures = MappingFixtures

    static let problem = APIProblem(code: "book_missing", message: "No such book")
    static let problemJSON = #"{"code": "book_missing", "message": "No such book", "error": "legacy"}"#

    /// A custom error for `mapCustomError`.
    enum BookError: String, CustomRepositoryErrorType {
        case missing
    }

    @Test("the error model is decoded for a failing status of a matching path", arguments: [400, 404, 422, 500, 503])
    func decodedForFailingStatus(status: Int) async throws {
        // Given
        let repository = Fixtures.repository(stub(status: status, body: Self.problemJSON)) {
            $0.errorModel(APIProblem.self, for: "books/**")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/7")

        // Then the model rides on the error, next to the raw response
        guard case .requestError(let response)? = book.failure else {
            Issue.record("expected requestError, got \(book)")
            return
        }
        #expect(response.statusCode == status)
        #expect(response.errorModel as? APIProblem == Self.problem)
        #expect(response.body == Data(Self.problemJSON.utf8))
    }

    @Test(
        "statusCodes restricts a rule to the statuses it names",
        arguments: [(422, true), (400, true), (404, false), (500, false)]
    )
    func statusCodesRestrict(status: Int, decoded: Bool) async throws {
        // Given
        let repository = Fixtures.repository(stub(status: status, body: Self.problemJSON)) {
            $0.errorModel(APIProblem.self, for: "books", statusCodes: [400, 422])
        }

        // When
        let result = await repository.performRawRequest(method: .post, path: "books")

        // Then
        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        #expect((response.errorModel as? APIProblem != nil) == decoded)
        #expect((response.errorModel == nil) == !decoded)
    }

    @Test(
        "a rule naming the status wins over one that does not, whatever the order of declaration",
        arguments: [(false, 422), (true, 422), (false, 500), (true, 500)]
    )
    func namedStatusWins(namedFirst: Bool, status: Int) async throws {
        // Given a catch-all LegacyProblem rule and an APIProblem rule for 422, both able to decode the body
        let repository = Fixtures.repository(stub(status: status, body: Self.problemJSON)) { mapping in
            if namedFirst {
                mapping.errorModel(APIProblem.self, for: "books", statusCodes: [422])
                mapping.errorModel(LegacyProblem.self, for: "books")
            } else {
                mapping.errorModel(LegacyProblem.self, for: "books")
                mapping.errorModel(APIProblem.self, for: "books", statusCodes: [422])
            }
        }

        // When
        let result = await repository.performRawRequest(method: .get, path: "books")

        // Then
        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        if status == 422 {
            #expect(response.errorModel as? APIProblem == Self.problem)
        } else {
            #expect(response.errorModel as? LegacyProblem == LegacyProblem(error: "legacy"))
        }
    }

    @Test("among rules alike, the one declared last wins")
    func lastDeclaredWins() async throws {
        // Given
        let repository = Fixtures.repository(stub(status: 400, body: Self.problemJSON)) { mapping in
            mapping.errorModel(APIProblem.self, for: "books")
            mapping.errorModel(LegacyProblem.self, for: "books")
        }

        // When
        let result = await repository.performRawRequest(method: .get, path: "books")

        // Then
        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        #expect(response.errorModel is LegacyProblem)
    }

    @Test("a path no rule matches carries no error model", arguments: ["authors/7", "books", "v1/books/7"])
    func nonMatchingPath(path: String) async {
        // Given
        let repository = Fixtures.repository(stub(status: 404, body: Self.problemJSON)) {
            $0.errorModel(APIProblem.self, for: "books/#")
        }

        // When
        let result = await repository.performRawRequest(method: .get, path: path)

        // Then
        guard case .requestError(let response)? = result.failure else {
            Issue.record("expected requestError, got \(result)")
            return
        }
        #expect(response.errorModel == nil)
        #expect(response.decodeBody(as: APIProblem.self) == Self.problem)
    }

    @Test(
        "a body that does not decode leaves the model nil and the raw body intact",
        arguments: ["<html>502 Bad Gateway</html>", #"{"code": 7}"#, "", #"{"code": "x", "message": "#]
    )
    func undecodableBody(body: String) async {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(status: 502, body: body), handler: failures.record) {
            $0.errorModel(APIProblem.self, for: "**")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/7")

        // Then
        guard case .requestError(let response)? = book.failure else {
            Issue.record("expected requestError, got \(book)")
            return
        }
        #expect(response.errorModel == nil)
        #expect(response.body == Data(body.utf8))
        #expect(failures.all.isEmpty)
    }

    @Test("a 401 carries the error model too, in unauthenticatedSession")
    func unauthenticated() async {
        // Given
        let repository = Fixtures.repository(stub(status: 401, body: Self.problemJSON)) {
            $0.errorModel(APIProblem.self, for: "**", statusCodes: [401])
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "me")

        // Then
        guard case .unauthenticatedSession(let response?)? = book.failure else {
            Issue.record("expected unauthenticatedSession with a response, got \(book)")
            return
        }
        #expect(response.errorModel as? APIProblem == Self.problem)
    }

    @Test("a successful response is decoded as usual, the error model left alone")
    func successUntouched() async {
        // Given an error model for every path, which a book would also decode as
        let repository = Fixtures.repository(stub(status: 200, body: Fixtures.duneJSON)) {
            $0.errorModel(Book.self, for: "**")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/1")
        let raw = await repository.performRawRequest(method: .get, path: "books/1")

        // Then
        #expect(book.success == Fixtures.dune)
        #expect(raw.success?.body == Data(Fixtures.duneJSON.utf8))
    }

    /// How `mapCustomError(errorModel:)` should treat one failure.
    struct CustomErrorCase: Sendable, CustomTestStringConvertible {
        let name: String
        let status: Int
        let declare: @Sendable (inout ResponseMapping) -> Void
        /// The problem code `match` turns into ``BookError/missing``.
        let matchedCode: String
        /// The codes `match` is called with.
        let seen: [String]
        let rewritten: Bool

        var testDescription: String { name }
    }

    static let customErrorCases = [
        CustomErrorCase(
            name: "the model is an APIProblem and match returns an error", status: 404,
            declare: { $0.errorModel(APIProblem.self, for: "**") }, matchedCode: "book_missing",
            seen: ["book_missing"], rewritten: true),
        CustomErrorCase(
            name: "match returns nil", status: 404, declare: { $0.errorModel(APIProblem.self, for: "**") },
            matchedCode: "other", seen: ["book_missing"], rewritten: false),
        CustomErrorCase(
            name: "the model is of another type", status: 404,
            declare: { $0.errorModel(LegacyProblem.self, for: "**") }, matchedCode: "book_missing", seen: [],
            rewritten: false),
        CustomErrorCase(
            name: "no model decoded", status: 404, declare: { $0.errorModel(APIProblem.self, for: "authors") },
            matchedCode: "book_missing", seen: [], rewritten: false),
        CustomErrorCase(
            name: "a 401 is not a requestError", status: 401, declare: { $0.errorModel(APIProblem.self, for: "**") },
            matchedCode: "book_missing", seen: [], rewritten: false),
    ]

    @Test(
        "mapCustomError(errorModel:) rewrites a requestError whose model is that type and matches",
        arguments: customErrorCases)
    func mapCustomErrorByModel(testCase: CustomErrorCase) async {
        // Given
        let repository = Fixtures.repository(stub(status: testCase.status, body: Self.problemJSON), testCase.declare)
        let seen = Recorder<String>()

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/7")
        let mapped = book.mapCustomError(errorModel: APIProblem.self) { problem in
            seen.record(problem.code)
            return problem.code == testCase.matchedCode ? BookError.missing : nil
        }

        // Then
        #expect(seen.all == testCase.seen)
        if testCase.rewritten {
            guard case .customError(let name, let error)? = mapped.failure else {
                Issue.record("expected customError, got \(mapped)")
                return
            }
            #expect(name == "missing")
            #expect(error as? BookError == .missing)
        } else {
            #expect(mapped.failure?.caseName == book.failure?.caseName)
            #expect(mapped.failure?.caseName != "customError")
        }
    }

    @Test("mapCustomError(errorModel:) leaves a success alone")
    func mapCustomErrorSuccess() {
        // Given
        let success: Result<Book, RepositoryError> = .success(Fixtures.dune)

        // When
        let mapped = success.mapCustomError(errorModel: APIProblem.self) { _ in BookError.missing }

        // Then
        #expect(mapped.success == Fixtures.dune)
    }

    @Test("over a real server, a 422's body arrives as the error model")
    func overMockServer() async throws {
        // Given
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 422, json: Self.problemJSON))
        var configuration = TransportFixtures.configuration(server, host: "127.0.0.1")
        configuration.responseMapping.errorModel(APIProblem.self, for: "books/#", statusCodes: [422])

        // When
        let book: Result<Book, RepositoryError> = await TestRepository(configuration: configuration)
            .performRequest(method: .put, path: "books/7", parameters: ["title": ""])

        // Then
        guard case .requestError(let response)? = book.failure else {
            Issue.record("expected requestError, got \(book)")
            return
        }
        #expect(response.statusCode == 422)
        #expect(response.errorModel as? APIProblem == Self.problem)
        #expect(response.url?.path == "/books/7")
    }
}
