import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Mapped requests", .timeLimit(.minutes(1)))
struct MappedRequestTests {
    typealias Fixtures = MappingFixtures

    /// A receipt, the model of a created resource.
    struct Receipt: Decodable, Equatable, Sendable {
        var id: Int
    }

    /// The four kinds of model rule, each with its own model so the winner can be told apart.
    enum Rule: String, CaseIterable, Sendable {
        case methodAndStatus, method, status, neither

        struct MethodAndStatus: Decodable, Sendable { var id: Int }
        struct Method: Decodable, Sendable { var id: Int }
        struct Status: Decodable, Sendable { var id: Int }
        struct Neither: Decodable, Sendable { var id: Int }

        /// Declares this rule for `books`, applying to a POST answered 201.
        func declare(in mapping: inout ResponseMapping) {
            switch self {
            case .methodAndStatus: mapping.model(MethodAndStatus.self, for: "books", method: .post, statusCodes: [201])
            case .method: mapping.model(Method.self, for: "books", method: .post)
            case .status: mapping.model(Status.self, for: "books", statusCodes: [201])
            case .neither: mapping.model(Neither.self, for: "books")
            }
        }

        /// The rule whose model `value` is.
        static func of(_ value: any Sendable) -> Rule? {
            switch value {
            case is MethodAndStatus: .methodAndStatus
            case is Method: .method
            case is Status: .status
            case is Neither: .neither
            default: nil
            }
        }
    }

    @Test("the model is chosen by path, [Book] included")
    func byPath() async throws {
        // Given
        let transport = StubTransport { request in
            let body = request.url.path.hasSuffix("books") ? Fixtures.booksJSON : Fixtures.duneJSON
            return HTTPResponse(statusCode: 200, body: Data(body.utf8), url: request.url)
        }
        let repository = Fixtures.repository(transport) { mapping in
            mapping.model(Book.self, for: "books/#")
            mapping.model([Book].self, for: "books")
        }

        // When
        let one = await repository.performMappedRequest(method: .get, path: "books/1")
        let all = await repository.performMappedRequest(method: .get, path: "books")

        // Then
        #expect(try #require(one.success) as? Book == Fixtures.dune)
        #expect(try #require(all.success) as? [Book] == [Fixtures.dune, Fixtures.emma])
    }

    @Test("the model is chosen by method on the same pattern")
    func byMethod() async throws {
        // Given GET answering a list and POST the created book
        let transport = StubTransport { request in
            let body = request.method == .get ? Fixtures.booksJSON : Fixtures.emmaJSON
            return HTTPResponse(statusCode: 200, body: Data(body.utf8), url: request.url)
        }
        let repository = Fixtures.repository(transport) { mapping in
            mapping.model([Book].self, for: "books", method: .get)
            mapping.model(Book.self, for: "books", method: .post)
        }

        // When
        let listed = await repository.performMappedRequest(method: .get, path: "books")
        let created = await repository.performMappedRequest(method: .post, path: "books", parameters: ["title": "Emma"])

        // Then
        #expect(try #require(listed.success) as? [Book] == [Fixtures.dune, Fixtures.emma])
        #expect(try #require(created.success) as? Book == Fixtures.emma)
    }

    @Test("the model is chosen by status", arguments: [(200, false), (201, true)])
    func byStatus(status: Int, isReceipt: Bool) async throws {
        // Given
        let repository = Fixtures.repository(stub(status: status, body: Fixtures.duneJSON)) { mapping in
            mapping.model(Receipt.self, for: "books", statusCodes: [201])
            mapping.model(Book.self, for: "books", statusCodes: [200])
        }

        // When
        let result = await repository.performMappedRequest(method: .post, path: "books")

        // Then
        let value = try #require(result.success)
        if isReceipt {
            #expect(value as? Receipt == Receipt(id: 1))
        } else {
            #expect(value as? Book == Fixtures.dune)
        }
    }

    static let precedenceCases: [([Rule], Rule)] = [
        (Rule.allCases, .methodAndStatus),
        (Rule.allCases.reversed(), .methodAndStatus),
        ([.status, .methodAndStatus, .neither, .method], .methodAndStatus),
        ([.method, .status, .neither], .method),
        ([.neither, .status, .method], .method),
        ([.neither, .status], .status),
        ([.status, .neither], .status),
        ([.neither], .neither),
    ]

    @Test(
        "precedence among a pattern's rules: method and status, then method, then status, then neither",
        arguments: precedenceCases)
    func precedence(declared: [Rule], expected: Rule) async throws {
        // Given rules for POST and 201, all of which apply
        let repository = Fixtures.repository(stub(status: 201, body: #"{"id": 3}"#)) { mapping in
            for rule in declared {
                rule.declare(in: &mapping)
            }
        }

        // When
        let result = await repository.performMappedRequest(method: .post, path: "books")

        // Then
        #expect(Rule.of(try #require(result.success)) == expected)
    }

    @Test("rules that do not apply are passed over, however specific")
    func inapplicableRulesIgnored() async throws {
        // Given rules for POST and for 201, and a request that is a GET answered 200
        let repository = Fixtures.repository(stub(status: 200, body: #"{"id": 3}"#)) { mapping in
            for rule in Rule.allCases {
                rule.declare(in: &mapping)
            }
        }

        // When
        let result = await repository.performMappedRequest(method: .get, path: "books")

        // Then
        #expect(Rule.of(try #require(result.success)) == .neither)
    }

    @Test("among equally specific rules, the one declared later wins", arguments: [false, true])
    func laterDeclarationWins(receiptLast: Bool) async throws {
        // Given
        let repository = Fixtures.repository(stub(body: Fixtures.duneJSON)) { mapping in
            if receiptLast {
                mapping.model(Book.self, for: "books/#", method: .get)
                mapping.model(Receipt.self, for: "books/#", method: .get)
            } else {
                mapping.model(Receipt.self, for: "books/#", method: .get)
                mapping.model(Book.self, for: "books/#", method: .get)
            }
        }

        // When
        let result = await repository.performMappedRequest(method: .get, path: "books/1")

        // Then
        let value = try #require(result.success)
        #expect((value is Receipt) == receiptLast)
        #expect((value is Book) == !receiptLast)
    }

    @Test(
        "no applicable rule is a decodeError naming the method and path, reported once",
        arguments: [(HTTPMethod.get, "authors/2"), (.get, "books"), (.delete, "books/1")]
    )
    func noRule(method: HTTPMethod, path: String) async {
        // Given a POST-only rule for books and a GET rule for books/#
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(body: Fixtures.duneJSON), handler: failures.record) { mapping in
            mapping.model(Book.self, for: "books", method: .post)
            mapping.model(Book.self, for: "books/#", method: .get)
        }

        // When
        let result = await repository.performMappedRequest(method: method, path: path)

        // Then
        guard case .decodeError(let error)? = result.failure else {
            Issue.record("expected decodeError, got \(result)")
            return
        }
        #expect(error.description.contains("\(method.rawValue) \"\(path)\""))
        #expect(failures.all.map(\.error) == [error])
    }

    @Test("with an envelope for the path, the model is decoded at its key path")
    func envelopeApplied() async throws {
        // Given
        let body = #"{"data": {"items": \#(Fixtures.booksJSON)}, "meta": {"total": 2}}"#
        let repository = Fixtures.repository(stub(body: body)) { mapping in
            mapping.envelope("**", resultKeyPath: "data.items")
            mapping.model([Book].self, for: "books")
        }

        // When
        let result = await repository.performMappedRequest(method: .get, path: "books")

        // Then
        #expect(try #require(result.success) as? [Book] == [Fixtures.dune, Fixtures.emma])
    }

    @Test(
        "a mapped model that does not decode is decodeError, a body that is not JSON jsonError",
        arguments: [(#"{"id": "one"}"#, "decodeError"), (#"{"data": "#, "jsonError")]
    )
    func decodingFailures(body: String, expected: String) async {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(body: body), handler: failures.record) {
            $0.model(Book.self, for: "books/#")
        }

        // When
        let result = await repository.performMappedRequest(method: .get, path: "books/1")

        // Then
        #expect(result.failure?.caseName == expected)
        #expect(failures.all.count == 1)
    }

    @Test("a failing status is a requestError as for any call, not a missing model")
    func failingStatus() async {
        // Given
        let repository = Fixtures.repository(stub(status: 404, body: "{}")) { $0.model(Book.self, for: "**") }

        // When
        let result = await repository.performMappedRequest(method: .get, path: "books/1")

        // Then
        #expect(result.failure?.caseName == "requestError")
    }
}
