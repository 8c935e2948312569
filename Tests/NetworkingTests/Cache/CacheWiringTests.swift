import Foundation
import NetworkingTestKit
import Testing

@testable import Networking

extension ResponseCacheTests {
    /// The configuration's cache and cookie jar as stages of every repository built with it.
    @Suite(.timeLimit(.minutes(1))) struct CacheWiringTests {
        @Test("a configuration's cache answers a repeated GET without a request, and the monitors see the hit")
        func configurationCacheIsAStage() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/books") { _ in MockResponse(headers: ["Cache-Control": "max-age=60"], json: "[1, 2]") }
            let capture = LogCapture()
            var configuration = NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
            configuration.eventMonitors = [capture.logger(level: .info)]
            configuration.cache = .memory()
            let repository = TestRepository(configuration: configuration)

            // When
            let first: Result<[Int], RepositoryError> = await repository.performRequest(method: .get, path: "books")
            let second: Result<[Int], RepositoryError> = await repository.performRequest(method: .get, path: "books")

            // Then
            #expect(try first.get() == [1, 2])
            #expect(try second.get() == [1, 2])
            #expect(server.requestCount(path: "/books") == 1)
            #expect(capture.messages(containing: "(cache hit)").count == 1)
        }

        @Test("without a cache in the configuration nothing is cached and no label is added")
        func noCacheByDefault() async throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/books") { _ in MockResponse(headers: ["Cache-Control": "max-age=60"], json: "[1]") }
            var configuration = NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
            configuration.eventMonitors = []
            let repository = TestRepository(configuration: configuration)

            // When
            _ = await repository.performRawRequest(method: .get, path: "books")
            let second = await repository.performRawRequest(method: .get, path: "books")

            // Then
            #expect(server.requestCount(path: "/books") == 2)
            #expect(try second.get().headers["X-Networking-Cache"] == nil)
        }

        @Test("a disk cache and a cookie file that cannot be written each say so once in the logger at .error")
        func storageFailuresAreLoggedOnce() async throws {
            // Given: paths no one can create, root included
            let server = try MockServer()
            defer { server.shutdown() }
            server.route("/books") { _ in
                MockResponse(headers: ["Cache-Control": "max-age=60", "Set-Cookie": "a=1; Max-Age=3600"], json: "[1]")
            }
            let capture = LogCapture()
            var configuration = NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
            configuration.eventMonitors = [capture.logger(level: .error)]
            configuration.cache = .disk(at: URL(fileURLWithPath: "/proc/self/networking-cache-\(UUID().uuidString)"))
            configuration.cookieStorage = .file(
                URL(fileURLWithPath: "/proc/self/networking-cookies-\(UUID().uuidString)/cookies.json"))
            let repository = TestRepository(configuration: configuration)

            // When: three calls, each trying to store a response and a persistent cookie
            for _ in 0..<3 {
                _ = await repository.performRawRequest(
                    method: .get, path: "books", headers: ["Cache-Control": "no-cache"])
            }

            // Then: the calls worked, from memory, and each failure was logged once
            #expect(server.requestCount(path: "/books") == 3)
            #expect(capture.messages(containing: "networking-cache-").count == 1)
            #expect(capture.messages(containing: "networking-cookies-").count == 1)
            #expect(configuration.cookieStorage?.cookies(for: URL(string: "http://127.0.0.1/")!).map(\.name) == ["a"])
        }
    }
}
