import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("ResponseMapping validation", .timeLimit(.minutes(1)))
struct ResponseMappingValidationTests {
    /// A mapping with one mistake, and the text the error must name.
    struct Mistake: Sendable, CustomTestStringConvertible {
        let declare: @Sendable (inout ResponseMapping) -> Void
        let named: String

        var testDescription: String { named }
    }

    static let mistakes = [
        Mistake(declare: { $0.envelope("a/**/b", resultKeyPath: "data") }, named: #"envelope pattern "a/**/b""#),
        Mistake(declare: { $0.envelope("books", resultKeyPath: "data..items") }, named: #""data..items""#),
        Mistake(declare: { $0.envelope("books", resultKeyPath: ".data") }, named: #"".data""#),
        Mistake(declare: { $0.envelope("books", resultKeyPath: "data.") }, named: #""data.""#),
        Mistake(declare: { $0.errorModel(APIProblem.self, for: "a//b") }, named: #"errorModel pattern "a//b""#),
        Mistake(declare: { $0.model(Book.self, for: "books/v#") }, named: #"model pattern "books/v#""#),
    ]

    @Test(
        "a malformed pattern or key path fails every call with invalidParameters naming it; nothing is sent",
        arguments: mistakes)
    func malformedMapping(mistake: Mistake) async {
        // Given a well-formed rule next to the mistake
        let transport = stub(body: MappingFixtures.duneJSON)
        let repository = MappingFixtures.repository(transport) { mapping in
            mapping.model(Book.self, for: "books/#")
            mistake.declare(&mapping)
        }

        // When
        let first: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/1")
        let enveloped: Result<Enveloped<Book>, RepositoryError> = await repository.performEnvelopedRequest(
            method: .get, path: "books/1")
        let mapped = await repository.performMappedRequest(method: .get, path: "books/1")
        let raw = await repository.performRawRequest(method: .get, path: "books/1")

        // Then
        guard case .invalidParameters(let message)? = first.failure else {
            Issue.record("expected invalidParameters, got \(first)")
            return
        }
        #expect(message.hasPrefix("responseMapping: "))
        #expect(message.contains(mistake.named), "\(message)")
        for other in [enveloped.failure, mapped.failure, raw.failure] {
            guard case .invalidParameters(let otherMessage)? = other else {
                Issue.record("expected invalidParameters, got \(String(describing: other))")
                continue
            }
            #expect(otherMessage == message)
        }
        #expect(transport.requestCount == 0)
    }

    @Test("a well-formed mapping sends the request")
    func wellFormedMapping() async {
        // Given
        let transport = stub(body: #"{"data": \#(MappingFixtures.duneJSON)}"#)
        let repository = MappingFixtures.repository(transport) { mapping in
            mapping.envelope("**", resultKeyPath: "data")
            mapping.errorModel(APIProblem.self, for: "books/#", statusCodes: [404])
            mapping.model(Book.self, for: "books/*")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/1")

        // Then
        #expect(book.success == MappingFixtures.dune)
        #expect(transport.requestCount == 1)
    }
}
