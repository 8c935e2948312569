import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Copies of the README's "Envelopes, error models and offline storage" mapping block, so it keeps compiling,
/// run against a MockServer.
extension Readme {
    struct APIProblem: Decodable, Sendable {
        var code: String
        var detail: String
    }

    static func mappingConfiguration(port: Int) -> NetworkingConfiguration {
        var configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: port, subdomainURL: "/v1")
        configuration.responseMapping.envelope("**", resultKeyPath: "data")  // {"data": …, "meta": …}
        configuration.responseMapping.errorModel(APIProblem.self, for: "**", statusCodes: [400, 404, 422])
        configuration.responseMapping.model(Book.self, for: "books/#")
        configuration.responseMapping.model([Book].self, for: "books", method: .get)
        return configuration
    }

    static func mapping(_ repository: BooksRepository) async -> (
        books: Result<[Book], RepositoryError>, total: Int?, mapped: Result<Book, RepositoryError>
    ) {
        // performRequest decodes at the key path: the same call as without an envelope.
        let books: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "books")

        // performEnvelopedRequest keeps the whole envelope: metadata, paging, links.
        let page: Result<Enveloped<[Book]>, RepositoryError> = await repository.performEnvelopedRequest(
            method: .get, path: "books", parameters: ["page": 2])
        var total: Int?
        if case .success(let page) = page {
            print(page.result.count, "of", page.root["meta"]?["total"]?.intValue ?? 0)
            total = page.root["meta"]?["total"]?.intValue
        }

        // Error models ride on the error; mapCustomError matches on them.
        let book = await repository.performRequest(method: .get, path: "books/7") as Result<Book, RepositoryError>
        let mapped = book.mapCustomError(errorModel: APIProblem.self) { problem in
            problem.code == "book_not_found" ? BookError.notFound : nil
        }
        return (books, total, mapped)
    }
}

@Suite("README mapping examples", .timeLimit(.minutes(1)))
struct ReadmeMappingExamplesTests {
    @Test("the mapping block decodes an envelope, reads its metadata and maps an error model")
    func mappingBlock() async throws {
        // Given
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/v1/books") { _ in
            MockResponse(json: #"{"data": [{"id": 1, "title": "Dune"}], "meta": {"total": 41}}"#)
        }
        server.route("/v1/books/7") { _ in
            MockResponse(status: 404, json: #"{"code": "book_not_found", "detail": "no book 7"}"#)
        }
        let repository = Readme.BooksRepository(configuration: Readme.mappingConfiguration(port: server.port))

        // When
        let (books, total, mapped) = await Readme.mapping(repository)

        // Then
        #expect(try books.get().map(\.title) == ["Dune"])
        #expect(total == 41)
        guard case .failure(.customError(let name, _)) = mapped else {
            Issue.record("expected the custom error, got \(mapped)")
            return
        }
        #expect(name == "book_not_found")
    }
}

/// Copies of the README's "Redirects, caching and cookies" blocks.
extension Readme {
    static func cachingAndCookies(cachesFolder: URL, supportFolder: URL, memory: Bool) -> NetworkingConfiguration {
        var configuration = NetworkingConfiguration(domainURL: "api.example.com")
        if memory {
            configuration.cache = .memory(capacity: 10 << 20)  // or
            configuration.cookieStorage = .memory()  // or
        } else {
            configuration.cache = .disk(at: cachesFolder.appendingPathComponent("api"))  // files mode 0600, 100 MiB
            configuration.cookieStorage = .file(supportFolder.appendingPathComponent("cookies.json"))  // mode 0600
        }
        return configuration
    }
}

@Suite("README caching and cookies examples", .timeLimit(.minutes(1)))
struct ReadmeCachingExamplesTests {
    @Test("every request says which encodings libcurl decodes, as the README lists them, and its User-Agent")
    func acceptEncodingAndUserAgent() async throws {
        // Given
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/books") { _ in MockResponse(json: "[]") }
        let configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)

        // When
        let _: Result<[Int], RepositoryError> = await Readme.BooksRepository(configuration: configuration)
            .performRequest(method: .get, path: "books")

        // Then
        let request = try #require(server.requests(path: "/books").first)
        #expect(request.headers["Accept-Encoding"] == "deflate, gzip, br, zstd")
        #expect(request.headers["User-Agent"]?.hasPrefix("Networking/") == true)
    }

    @Test("the configuration blocks set a cache and a cookie jar", arguments: [true, false])
    func configurationBlocks(memory: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let configuration = Readme.cachingAndCookies(cachesFolder: folder, supportFolder: folder, memory: memory)
        #expect(configuration.cache != nil)
        #expect(configuration.cookieStorage != nil)
    }
}
