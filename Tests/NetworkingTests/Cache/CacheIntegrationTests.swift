import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// The cache under a repository: concurrency, the logger's labels, the only-if-cached 504 as an error.
    @Suite(.timeLimit(.minutes(1))) struct CacheIntegrationTests {
        static func repository(_ server: MockServer, cache: ResponseCache, monitors: [any RequestEventMonitor] = [])
            -> TestRepository
        {
            var configuration = NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, timeout: 10)
            configuration.eventMonitors = monitors
            configuration.cache = cache
            // The configuration's cache is the pipeline's cache stage: the transport stays plain libcurl.
            return TestRepository(configuration: configuration, transport: CurlTransport.shared)
        }

        @Test(arguments: [true, false])
        func sixteenTasksShareOneStoredResponse(disk: Bool) async throws {
            // Given a stored response
            let folder = FileManager.default.temporaryDirectory.appendingPathComponent("cache-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let harness = try CacheHarness(cache: disk ? .disk(at: folder) : .memory())
            defer { harness.server.shutdown() }
            harness.serveCounting("/same", headers: ["Cache-Control": "max-age=60"])
            harness.server.dispatcher = { request in
                MockResponse(headers: ["Cache-Control": "max-age=60"], text: request.path)
            }
            try await harness.send("/same")

            // When 16 tasks ask for it at once, and 16 others each store a response of their own
            let results = try await withThrowingTaskGroup(of: (String?, String).self) { group in
                for index in 0..<32 {
                    group.addTask {
                        let response = try await harness.send(index < 16 ? "/same" : "/own\(index)")
                        return (response.cacheStatus, response.text)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }

            // Then the 16 were hits with the same body, and the others are stored
            #expect(results.filter { $0 == ("hit", "v1") }.count == 16)
            #expect(harness.server.requestCount(path: "/same") == 1)
            for index in 16..<32 {
                #expect(try await harness.send("/own\(index)").cacheStatus == "hit")
            }
        }

        @Test func aRevalidatedResponseDecodesAsThe200() async throws {
            // Given a repository whose transport goes through a cache, and a resource with an ETag
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/book") { request in
                request.headers["If-None-Match"] == #""1""#
                    ? MockResponse(status: 304, headers: ["ETag": #""1""#])
                    : MockResponse(
                        headers: ["ETag": #""1""#, "Cache-Control": "no-cache"],
                        json: #"{"id": 1, "title": "Dune", "year": 1965}"#)
            }
            let repository = Self.repository(server, cache: .memory())

            // When the book is fetched twice
            let first: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "/book")
            let bodyBytesAfterFirst = server.bodyBytesSent
            let second: Result<Book, RepositoryError> = await repository.performRequest(method: .get, path: "/book")

            // Then both decoded, the second from a 304 that moved no body (counted at the server)
            #expect(first.success?.title == "Dune")
            #expect(second.success?.title == "Dune")
            #expect(server.requests(path: "/book").last?.headers["If-None-Match"] == #""1""#)
            #expect(bodyBytesAfterFirst == #"{"id": 1, "title": "Dune", "year": 1965}"#.utf8.count)
            #expect(server.bodyBytesSent == bodyBytesAfterFirst)
        }

        @Test func onlyIfCachedWithoutAnEntryIsA504RequestError() async throws {
            // Given a repository with an empty cache
            let server = try MockServer()
            defer { server.shutdown() }
            let repository = Self.repository(server, cache: .memory())

            // When a call asks only-if-cached
            let result = await repository.performRawRequest(
                method: .get, path: "/nothing", headers: ["Cache-Control": "only-if-cached"])

            // Then it fails with a 504 and nothing was sent
            guard case .failure(.requestError(let error)) = result else {
                Issue.record("expected .requestError, got \(result)")
                return
            }
            #expect(error.statusCode == 504 && error.headers["X-Networking-Cache"] == "miss")
            #expect(server.requestCount == 0)
        }

        @Test func theLoggerLabelsHitsAndRevalidations() async throws {
            // Given a repository logging at .info, over a cache
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/fresh") { _ in MockResponse(headers: ["Cache-Control": "max-age=60"], text: "f") }
            server.route("/checked") { request in
                request.headers["If-None-Match"] == #""c""#
                    ? MockResponse(status: 304, headers: ["ETag": #""c""#])
                    : MockResponse(headers: ["ETag": #""c""#, "Cache-Control": "no-cache"], text: "c")
            }
            let capture = LogCapture()
            let repository = Self.repository(server, cache: .memory(), monitors: [capture.logger(level: .info)])

            // When each is fetched twice
            for path in ["/fresh", "/fresh", "/checked", "/checked"] {
                _ = await repository.performRawRequest(method: .get, path: path)
            }

            // Then the second of each is labelled, the first not
            let fresh = capture.messages(containing: "/fresh →")
            let checked = capture.messages(containing: "/checked →")
            #expect(fresh.count == 2 && checked.count == 2)
            #expect(fresh.first?.contains("(cache") == false && fresh.last?.hasSuffix(" (cache hit)") == true)
            #expect(checked.first?.contains("(revalidated") == false)
            #expect(checked.last?.hasSuffix(" (revalidated 304)") == true)
        }
    }
}
