import Foundation
import Networking
import NetworkingTestKit
import Testing

/// A call object with every default.
struct FetchBook: APICall {
    typealias Response = Book
    let id: Int
    var method: HTTPMethod { .get }
    var path: String { "books/\(id)" }
}

/// A call object that decorates its request and parses by hand.
struct CountBooks: APICall {
    typealias Response = Int
    var method: HTTPMethod { .get }
    var path: String { "books" }
    var parameters: [String: any Sendable]? { ["genre": "sf"] }
    var headers: [String: String] { ["X-Call": "count"] }

    func decorate(_ request: inout HTTPRequest) {
        request.headers["X-Decorated"] = "yes"
        request.timeout = 3
    }

    func parse(_ response: HTTPResponse) throws -> Int {
        guard let count = Int(String(decoding: response.body, as: UTF8.self)) else {
            throw DecodeError.custom("not a count")
        }
        return count
    }
}

/// A call object with a multipart body.
struct UploadCover: APICall {
    typealias Response = EmptyResponse
    let image: Data
    var method: HTTPMethod { .put }
    var path: String { "books/1/cover" }
    var parameters: [String: any Sendable]? { ["resize": 1] }
    var multipart: MultipartFormData? {
        var form = MultipartFormData()
        form.append(image, name: "cover", fileName: "cover.png")
        return form
    }
}

@Suite("Call objects", .timeLimit(.minutes(2)))
struct APICallTests {
    @Test("defaults: GET, JSON decoding through the whole pipeline with the session token")
    func defaults() async throws {
        let transport = stub(body: #"{"id": 3, "title": "Ficciones", "year": 1944}"#)
        let session = SessionManager()
        await session.login(token: "call-token")
        let repository = TestRepository(
            configuration: stubConfiguration(), sessionManager: session, transport: transport)

        let result = await repository.execute(FetchBook(id: 3))

        #expect(result.success == Book(id: 3, title: "Ficciones", year: 1944))
        let sent = try #require(transport.requests.first)
        #expect(sent.url.absoluteString == "https://api.example.test/v1/books/3")
        #expect(sent.headers["Authorization"] == "call-token")
    }

    @Test("decorate changes the request; a custom parse decodes; a throwing parse is a decodeError reported once")
    func decorateAndParse() async throws {
        let failures = Recorder<DecodeFailure>()
        let answers = Locked(["42", "many"])
        let transport = StubTransport { request in
            HTTPResponse(statusCode: 200, body: Data(answers.withLock { $0.removeFirst() }.utf8), url: request.url)
        }
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: transport)

        let counted = await repository.execute(CountBooks())
        let failed = await repository.execute(CountBooks())

        #expect(counted.success == 42)
        #expect(failed.failure.map { "\($0)" }?.contains("not a count") == true)
        #expect(failures.all.count == 1)
        let sent = try #require(transport.requests.first)
        #expect(sent.url.query == "genre=sf")
        #expect(sent.headers["X-Call"] == "count")
        #expect(sent.headers["X-Decorated"] == "yes")
        #expect(sent.timeout == 3)
    }

    @Test("the default parse keeps performRequest's errors: a body that is not JSON is a jsonError")
    func defaultParseErrors() async {
        let failures = Recorder<DecodeFailure>()
        let repository = TestRepository(
            configuration: stubConfiguration(handler: failures.record), transport: stub(body: "<html>"))

        let result = await repository.execute(FetchBook(id: 1))

        #expect(result.failure?.caseName == "jsonError")
        #expect(failures.all.count == 1)
    }

    @Test("a multipart call sends its form with parameters in the query, and reports upload progress")
    func multipartCall() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/books/1/cover") { _ in MockResponse(status: 204) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let image = TransferFixtures.bytes(500_000)
        let progress = ProgressLog()

        let result = await repository.execute(UploadCover(image: image), progress: progress.handler)

        #expect(result.success != nil)
        let recorded = try #require(server.requests(path: "/books/1/cover").first)
        #expect(recorded.method == "PUT")
        #expect(recorded.query == "resize=1")
        #expect(recorded.body.count > 500_000)
        #expect(progress.isMonotonic)
        let last = try #require(progress.all.last)
        #expect(last.completedBytes == last.totalBytes && last.completedBytes >= 500_000)
    }
}
