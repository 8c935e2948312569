import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Copies of the README's Swift code blocks, so they keep compiling (and the testing example runs).
enum Readme {
    struct Book: Codable, Sendable {
        var id: Int
        var title: String
    }

    final class BooksRepository: AbstractRepository, @unchecked Sendable {
        func fetchBooks(page: Int) async -> Result<[Book], RepositoryError> {
            await performRequest(method: .get, path: "books", parameters: ["page": page])
        }
        func addBook(_ book: Book) async -> Result<Book, RepositoryError> {
            await performRequest(method: .post, path: "books", body: book)
        }
    }

    static func firstScreen() -> BooksRepository {
        let books = BooksRepository(
            configuration: NetworkingConfiguration(domainURL: "api.example.com", subdomainURL: "/v1"))
        return books
    }

    enum BookError: String, CustomRepositoryErrorType { case notFound = "book_not_found" }

    static func fetchBook(_ repository: BooksRepository, id: Int) async -> Result<Book, RepositoryError> {
        let result: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "books/\(id)")
        return result.mapCustomError([404: BookError.notFound])
    }

    static func pinning() -> NetworkingConfiguration {
        let pinned = NetworkingConfiguration(
            domainURL: "api.example.com", usePinningCertificate: true, pinnedCertificates: .bundle(.module))
        return pinned
    }

    static func sessions() -> SessionManager {
        let tokenFile = FileManager.default.homeDirectoryForCurrentUser.appendingPathComponent(".myapp/session")
        let session = SessionManager(store: .file(tokenFile))  // written with mode 0600, read back at the next start
        return session
    }

    static func logCapture(_ server: MockServer) async {
        let capture = LogCapture()
        var configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
        configuration.eventMonitors = [capture.logger(level: .info)]  // this configuration logs here, and only here
        _ = await BooksRepository(configuration: configuration).fetchBooks(page: 2)
        #expect(capture.all.first == "→ GET http://127.0.0.1:\(server.port)/books?page=2")
    }

    static func logging() {
        NetworkActivityLogger.shared.level = .info  // .debug adds headers, bodies and a replayable curl command
        NetworkActivityLogger.shared.startLogging()  // nothing is logged until started
        NetworkActivityIndicatorManager.shared.isEnabled = true
        NetworkActivityIndicatorManager.shared.networkActivityIndicatorVisibilityChanged = { visible in
            print(visible ? "busy" : "idle")
        }
    }
}

@Suite("README examples", .timeLimit(.minutes(1)))
struct ReadmeExamplesTests {
    typealias BooksRepository = Readme.BooksRepository

    @Test func fetchBooksSendsThePageAndDecodesTheList() async throws {
        let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, json: #"[{"id": 1, "title": "Dune"}]"#))
        let configuration = NetworkingConfiguration(
            domainURL: "localhost", port: server.port, usePinningCertificate: true,
            pinnedCertificates: .certificates([try #require(server.certificateDER)]))

        let result = await BooksRepository(configuration: configuration).fetchBooks(page: 1)

        #expect(try result.get().map(\.title) == ["Dune"])
        #expect(try await server.takeRequest().query == "page=1")
    }

    @Test func oneOfTwoConcurrentCallsGetsTheOutage() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.route(
            "/books", failingFirst: 1, with: MockResponse(status: 503).retryAfter(seconds: 1),
            then: MockResponse(status: 200, json: #"[{"id": 1, "title": "Dune"}]"#))
        server.holdRequests(until: 2, path: "/books")  // neither call is answered before both have arrived
        let books = BooksRepository(
            configuration: NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port))

        async let first = books.fetchBooks(page: 1)
        async let second = books.fetchBooks(page: 2)
        let results = await [first, second]

        #expect(results.count { (try? $0.get()) != nil } == 1)
        #expect(server.requestCount(path: "/books") == 2)
    }

    @Test("the LogCapture example captures its configuration's lines")
    func logCaptureExample() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/books") { _ in MockResponse(status: 200, json: "[]") }

        await Readme.logCapture(server)

        #expect(server.requestCount(path: "/books") == 1)
    }

    @Test("the custom-error example maps a 404")
    func customError() async {
        let repository = Readme.BooksRepository(configuration: stubConfiguration(), transport: stub(status: 404))

        let result = await Readme.fetchBook(repository, id: 9)

        guard case .customError(let name, _)? = result.failure else {
            Issue.record("expected customError, got \(result)")
            return
        }
        #expect(name == "book_not_found")
    }

    @Test("the first-screen and pinning examples build valid configurations")
    func configurations() throws {
        #expect(try Readme.firstScreen().configuration.baseURL().absoluteString == "https://api.example.com/v1")
        #expect(Readme.pinning().usePinningCertificate)
    }
}
