import Foundation
import NetworkingTestKit

@testable import Networking

/// A clock tests move by hand.
final class TestClock: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_700_000_000))

    var now: Date { current.withLock { $0 } }

    func advance(_ seconds: TimeInterval) {
        current.withLock { $0 += seconds }
    }

    var function: @Sendable () -> Date { { [self] in now } }
}

/// Records what the wrapped transport answered, below the cache: what crossed the network.
final class RecordingTransport: HTTPTransport {
    let inner: any HTTPTransport
    private let recorded = Locked<[HTTPResponse]>([])

    init(_ inner: any HTTPTransport) {
        self.inner = inner
    }

    var responses: [HTTPResponse] { recorded.withLock { $0 } }

    func send(_ request: HTTPRequest) async throws -> HTTPResponse {
        let response = try await inner.send(request)
        recorded.withLock { $0.append(response) }
        return response
    }
}

/// A `MockServer`, a cache and a caching transport over libcurl with a hand-moved clock.
struct CacheHarness {
    let server: MockServer
    let clock = TestClock()
    let cache: ResponseCache
    let network: RecordingTransport
    let transport: CachingTransport

    init(cache: ResponseCache = .memory(), server: MockServer? = nil) throws {
        self.server = try server ?? MockServer()
        self.cache = cache
        network = RecordingTransport(CurlTransport.shared)
        transport = CachingTransport(cache: cache, transport: network, now: clock.function)
    }

    /// The same server and clock through another cache (a new instance on the same folder).
    func reopened(with cache: ResponseCache) -> CachingTransport {
        CachingTransport(cache: cache, transport: network, now: clock.function)
    }

    /// Sends a request for `path` through the cache.
    @discardableResult
    func send(
        _ path: String, method: HTTPMethod = .get, headers: HTTPHeaders = HTTPHeaders(), via: CachingTransport? = nil
    ) async throws -> HTTPResponse {
        try await (via ?? transport).send(
            HTTPRequest(method: method, url: server.url(path), headers: headers, timeout: 10))
    }

    /// Answers `path` with `text` followed by the number of requests to it so far, and `headers`.
    func serveCounting(_ path: String, headers: [String: String]) {
        let server = server
        server.route(path) { request in
            MockResponse(headers: headers, text: "v\(server.requestCount(path: request.path))")
        }
    }
}

extension HTTPResponse {
    var text: String { String(decoding: body, as: UTF8.self) }
    var cacheStatus: String? { headers["X-Networking-Cache"] }
}
