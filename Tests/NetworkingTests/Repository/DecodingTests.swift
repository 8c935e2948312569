import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Decoding", .timeLimit(.minutes(1)))
struct DecodingTests {
    @Test("an object, an array, Data and String decode from a 2xx body")
    func successfulDecoding() async {
        let object = #"{"id": 1, "title": "Dune", "year": 1965}"#
        let array = "[\(object), {\"id\": 2, \"title\": \"Emma\", \"year\": 1815}]"

        let book: Result<Book, RepositoryError> = await TestRepository(
            configuration: stubConfiguration(), transport: stub(body: object)
        ).performRequest(method: .get, path: "books/1")
        let books: Result<[Book], RepositoryError> = await TestRepository(
            configuration: stubConfiguration(), transport: stub(body: array)
        ).performRequest(method: .get, path: "books")
        let data: Result<Data, RepositoryError> = await TestRepository(
            configuration: stubConfiguration(), transport: stub(body: "not json \u{1}")
        ).performRequest(method: .get, path: "raw")
        let text: Result<String, RepositoryError> = await TestRepository(
            configuration: stubConfiguration(), transport: stub(body: "plain café")
        ).performRequest(method: .get, path: "text")

        #expect(book.success == Book(id: 1, title: "Dune", year: 1965))
        #expect(books.success?.map(\.title) == ["Dune", "Emma"])
        #expect(data.success == Data("not json \u{1}".utf8))
        #expect(text.success == "plain café")
    }

    @Test(
        "invalid JSON is jsonError and the hook fires exactly once",
        arguments: ["{not json", "", "<html>500</html>"])
    func invalidJSON(body: String) async throws {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: stub(status: 201, body: body))

        // When
        let result: Result<Book, RepositoryError> = await repository.performRequest(method: .post, path: "books")

        // Then the error names the call, and the hook got the details
        guard case .jsonError(let error)? = result.failure else {
            Issue.record("expected jsonError, got \(result)")
            return
        }
        #expect(error.description.contains("POST https://api.example.test/v1/books (HTTP 201)"))
        #expect(error.description.contains("Book"))
        let failure = try #require(failures.all.first)
        #expect(failures.all.count == 1)
        #expect(failure.method == .post)
        #expect(failure.statusCode == 201)
        #expect(failure.url.absoluteString == "https://api.example.test/v1/books")
        #expect(failure.bodyExcerpt == body)
    }

    @Test("the wrong shape is decodeError with the coding path, and the hook fires exactly once")
    func wrongShape() async throws {
        let failures = Recorder<DecodeFailure>()
        let body = #"[{"id": 1, "title": "A", "year": 1}, {"id": 2, "title": "B", "year": "1999"}]"#
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: stub(body: body))

        let result: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "books")

        guard case .decodeError(let error)? = result.failure else {
            Issue.record("expected decodeError, got \(result)")
            return
        }
        #expect(error.description.contains("[1].year"))
        #expect(failures.all.count == 1)
        #expect(failures.all.first?.error == error)
    }

    @Test("a missing key names its path")
    func missingKey() async {
        let failures = Recorder<DecodeFailure>()
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: stub(body: #"{"id": 1}"#))

        let result: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/1")

        #expect(result.failure.map { "\($0)" }?.contains("missing key title") == true)
        #expect(failures.all.count == 1)
    }

    @Test("the body excerpt is cut at 1 KiB")
    func excerptLimit() async throws {
        let failures = Recorder<DecodeFailure>()
        let body = String(repeating: "x", count: 5000)
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: stub(body: body))

        let _: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "big")

        let excerpt = try #require(failures.all.first?.bodyExcerpt)
        #expect(excerpt.hasPrefix(String(repeating: "x", count: 1024)))
        #expect(!excerpt.hasPrefix(String(repeating: "x", count: 1025)))
    }

    @Test("a body that is not UTF-8, decoded as String: decodeError saying so, and the hook fires once")
    func textThatIsNotUTF8() async throws {
        // Given a server answering "café" in ISO 8859-1 (é is the single byte 0xE9)
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(
            MockResponse(
                status: 200, headers: ["Content-Type": "text/plain; charset=iso-8859-1"],
                body: Data([0x63, 0x61, 0x66, 0xE9])))
        let failures = Recorder<DecodeFailure>()
        var configuration = TransportFixtures.configuration(server, host: "127.0.0.1")
        configuration.decodedErrorHandler = failures.record

        // When the body is asked for as String
        let text: Result<String, RepositoryError> = await TestRepository(configuration: configuration)
            .performRequest(method: .get, path: "text")

        // Then
        guard case .decodeError(let error)? = text.failure else {
            Issue.record("expected decodeError, got \(text)")
            return
        }
        #expect(error.description.contains("not valid UTF-8"))
        #expect(failures.all.count == 1)
        #expect(failures.all.first?.url == server.url("/text"))
    }
}
