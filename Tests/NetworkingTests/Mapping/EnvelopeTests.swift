import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Envelopes", .timeLimit(.minutes(1)))
struct EnvelopeTests {
    typealias Fixtures = MappingFixtures

    @Test(
        "performRequest decodes at the envelope's result key path; \"\" is the whole body",
        arguments: [
            ("data", #"{"data": \#(Fixtures.booksJSON), "meta": {"total": 2}}"#),
            ("data.items", #"{"data": {"items": \#(Fixtures.booksJSON), "next": null}, "meta": {}}"#),
            ("page.data.items", #"{"page": {"data": {"items": \#(Fixtures.booksJSON)}}}"#),
            ("", Fixtures.booksJSON),
        ]
    )
    func decodesAtKeyPath(keyPath: String, body: String) async {
        // Given
        let repository = Fixtures.repository(stub(body: body)) { $0.envelope("**", resultKeyPath: keyPath) }

        // When
        let books: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "books")

        // Then
        #expect(books.success == [Fixtures.dune, Fixtures.emma])
    }

    @Test("a path without an envelope decodes the whole body; one with an envelope decodes at its key path")
    func envelopeOnlyForMatchingPaths() async {
        // Given an envelope for books/* only
        let transport = StubTransport { request in
            let body = request.url.path.hasSuffix("authors") ? Fixtures.duneJSON : #"{"data": \#(Fixtures.emmaJSON)}"#
            return HTTPResponse(statusCode: 200, body: Data(body.utf8), url: request.url)
        }
        let repository = Fixtures.repository(transport) { $0.envelope("books/*", resultKeyPath: "data") }

        // When
        let bare: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "authors")
        let enveloped: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/2")

        // Then
        #expect(bare.success == Fixtures.dune)
        #expect(enveloped.success == Fixtures.emma)
    }

    @Test(
        "a missing key is decodeError(.missingKey) naming the path, reported to the hook once",
        arguments: [
            ("data", #"{"result": []}"#, "data"),
            ("data.items", #"{"data": {"list": []}}"#, "data.items"),
            ("data.items", #"{"meta": {}}"#, "data"),
        ]
    )
    func missingKey(keyPath: String, body: String, missing: String) async {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(body: body), handler: failures.record) {
            $0.envelope("**", resultKeyPath: keyPath)
        }

        // When
        let books: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "books")

        // Then
        guard case .decodeError(let error)? = books.failure else {
            Issue.record("expected decodeError, got \(books)")
            return
        }
        #expect(error == .missingKey(missing))
        #expect(failures.all.map(\.error) == [error])
    }

    @Test(
        "JSON of the wrong shape around or at the key path is decodeError, reported once",
        arguments: [
            ("data", #"{"data": "not books"}"#),
            ("data", #"[{"data": []}]"#),
            ("data", #""just a string""#),
            ("data.items", #"{"data": "not an object"}"#),
            ("data.items", #"{"data": [{"items": []}]}"#),
            ("data", #"{"data": null}"#),
            ("data", #"{"data": [{"id": 1, "title": "Dune"}]}"#),
        ]
    )
    func wrongShape(keyPath: String, body: String) async {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(body: body), handler: failures.record) {
            $0.envelope("**", resultKeyPath: keyPath)
        }

        // When
        let books: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "books")

        // Then
        #expect(books.failure?.caseName == "decodeError")
        #expect(failures.all.count == 1)
    }

    @Test("a body that is not JSON is jsonError, reported once", arguments: [#"{"data": ["#, "<html>", ""])
    func notJSON(body: String) async {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(body: body), handler: failures.record) {
            $0.envelope("**", resultKeyPath: "data")
        }

        // When
        let books: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "books")

        // Then
        #expect(books.failure?.caseName == "jsonError")
        #expect(failures.all.count == 1)
    }

    @Test("performEnvelopedRequest gives the result, the whole root with exact integers, and the response")
    func envelopedRequest() async throws {
        // Given
        let body = #"""
            {"data": \#(Fixtures.booksJSON),
             "meta": {"total": 120, "cursor": 9007199254740993, "next": "/v1/books?page=2"}}
            """#
        let repository = Fixtures.repository(stub(body: body, headers: ["X-Page": "1"])) {
            $0.envelope("books", resultKeyPath: "data")
        }

        // When
        let page: Result<Enveloped<[Book]>, RepositoryError> = await repository.performEnvelopedRequest(
            method: .get, path: "books", parameters: ["page": 1])

        // Then
        let envelope = try #require(page.success)
        #expect(envelope.result == [Fixtures.dune, Fixtures.emma])
        #expect(envelope.root["meta"]?["total"]?.intValue == 120)
        #expect(envelope.root["meta"]?["cursor"] == .int(9_007_199_254_740_993))
        #expect(envelope.root["meta"]?["next"]?.stringValue == "/v1/books?page=2")
        #expect(envelope.root["data"]?[1]?["title"] == "Emma")
        #expect(envelope.response.statusCode == 200)
        #expect(envelope.response.headers["X-Page"] == "1")
        #expect(envelope.response.url.absoluteString == "https://api.example.test/v1/books?page=1")
    }

    @Test("performEnvelopedRequest fails as performRequest does when the key path is missing")
    func envelopedRequestMissingKey() async {
        // Given
        let failures = Recorder<DecodeFailure>()
        let repository = Fixtures.repository(stub(body: #"{"meta": {}}"#), handler: failures.record) {
            $0.envelope("**", resultKeyPath: "data")
        }

        // When
        let page: Result<Enveloped<[Book]>, RepositoryError> = await repository.performEnvelopedRequest(
            method: .get, path: "books")

        // Then
        guard case .decodeError(.missingKey("data"))? = page.failure else {
            Issue.record("expected decodeError(.missingKey(\"data\")), got \(page)")
            return
        }
        #expect(failures.all.count == 1)
    }

    @Test(
        "without an envelope rule for the path, the whole body is both result and root",
        arguments: [false, true]
    )
    func envelopedRequestWithoutRule(declaresOtherEnvelope: Bool) async throws {
        // Given an empty mapping, or one whose envelope is for another path
        let repository = Fixtures.repository(stub(body: Fixtures.booksJSON)) { mapping in
            if declaresOtherEnvelope {
                mapping.envelope("authors/**", resultKeyPath: "data")
            }
        }

        // When
        let page: Result<Enveloped<[Book]>, RepositoryError> = await repository.performEnvelopedRequest(
            method: .get, path: "books")

        // Then
        let envelope = try #require(page.success)
        #expect(envelope.result == [Fixtures.dune, Fixtures.emma])
        #expect(envelope.root.arrayValue?.count == 2)
        #expect(envelope.root[0]?["title"] == "Dune")
    }

    @Test("Data, String and EmptyResponse ignore envelopes")
    func rawTypesIgnoreEnvelopes() async {
        // Given an envelope for every path
        let body = #"{"data": {"id": 1}}"#
        let repository = Fixtures.repository(stub(body: body)) { $0.envelope("**", resultKeyPath: "missing") }
        let empty = Fixtures.repository(stub(status: 204)) { $0.envelope("**", resultKeyPath: "missing") }

        // When
        let data: Result<Data, RepositoryError> = await repository.performRequest(method: .get, path: "raw")
        let text: Result<String, RepositoryError> = await repository.performRequest(method: .get, path: "raw")
        let nothing: Result<EmptyResponse, RepositoryError> = await empty.performRequest(method: .delete, path: "raw")

        // Then
        #expect(data.success == Data(body.utf8))
        #expect(text.success == body)
        #expect(nothing.success == EmptyResponse())
    }

    @Test("the base path is stripped before matching, and the query ignored")
    func basePathStripped() async {
        // Given a pattern without the base path /v1
        let repository = Fixtures.repository(stub(body: #"{"data": \#(Fixtures.duneJSON)}"#)) {
            $0.envelope("books", resultKeyPath: "data")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(
            method: .get, path: "books", parameters: ["q": "dune"])

        // Then
        #expect(book.success == Fixtures.dune)
    }

    @Test("the call's path is matched, not the URL that answered: a redirect does not change the envelope")
    func callPathIsMatched() async {
        // Given a response answering from another URL (as after a redirect), whose path has an envelope of its own
        let transport = StubTransport { _ in
            HTTPResponse(
                statusCode: 200, body: Data(#"{"data": \#(Fixtures.duneJSON)}"#.utf8),
                url: URL(string: "https://api.example.test/v1/elsewhere")!)
        }
        let repository = Fixtures.repository(transport) { mapping in
            mapping.envelope("books", resultKeyPath: "data")
            mapping.envelope("elsewhere", resultKeyPath: "other")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books")

        // Then the call's path, books, chose the envelope
        #expect(book.success == Fixtures.dune)
        #expect(transport.requests.first?.url.absoluteString == "https://api.example.test/v1/books")
    }
}

extension EnvelopeTests {
    @Test(
        "a base path with characters the URL percent-encodes is stripped too",
        arguments: ["/bücher", "/v1;beta", "/v1/"])
    func encodedBasePathStripped(subdomain: String) async {
        // Given
        let transport = stub(body: #"{"data": \#(MappingFixtures.duneJSON)}"#)
        let repository = MappingFixtures.repository(transport, subdomain: subdomain) {
            $0.envelope("books/#", resultKeyPath: "data")
        }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/1")

        // Then
        #expect(book.success == MappingFixtures.dune, "\(transport.requests.first?.url.absoluteString ?? "")")
    }
}

extension EnvelopeTests {
    @Test("a literal pattern matches a path the URL percent-encodes", arguments: ["bücher/#", "a;b/#", "日本/#"])
    func encodedPathMatchesLiteral(pattern: String) async {
        // Given
        let transport = stub(body: #"{"data": \#(MappingFixtures.duneJSON)}"#)
        let repository = MappingFixtures.repository(transport) { $0.envelope(pattern, resultKeyPath: "data") }

        // When
        let book: Result<Book, RepositoryError> = await repository.performRequest(
            method: .get, path: pattern.replacingOccurrences(of: "#", with: "1"))

        // Then
        #expect(book.success == MappingFixtures.dune, "\(transport.requests.first?.url.absoluteString ?? "")")
    }
}
