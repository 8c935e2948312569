import Foundation
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@testable import Networking

/// The cookie jar over real sockets: a repository with `cookieStorage` against `MockServer`s.
@Suite("Cookie jar over real sockets", .timeLimit(.minutes(1)))
struct CookieIntegrationTests {
    /// Records the `Cookie` header of every request the event monitors see.
    final class CookieMonitor: RequestEventMonitor {
        let cookies = Recorder<String?>()

        func requestWillSend(_ request: HTTPRequest, context: RequestContext) {
            cookies.record(request.headers["Cookie"])
        }

        func request(
            _ request: HTTPRequest, context: RequestContext, didFinishWith result: Result<HTTPResponse, RepositoryError>
        ) {}
    }

    /// A repository on `server` (reached as `host`) with `storage` as its jar and `monitor` as its only monitor.
    func repository(
        _ server: MockServer, host: String = "127.0.0.1", storage: CookieStorage?,
        monitor: CookieMonitor = CookieMonitor()
    ) -> TestRepository {
        var configuration = TransportFixtures.configuration(server, host: host)
        configuration.cookieStorage = storage
        configuration.eventMonitors = [monitor]
        return TestRepository(configuration: configuration, transport: CurlTransport())
    }

    @Test("login sets a cookie, the next call sends it, and the event monitors see it")
    func loginThenCall() async throws {
        // Given a server whose login sets a session cookie
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/login") { _ in
            MockResponse(
                status: 200, headerFields: [("Set-Cookie", "sid=abc; Path=/; HttpOnly"), ("Set-Cookie", "lang=en")])
        }
        server.route("/me") { _ in MockResponse(status: 200, text: "me") }
        let storage = CookieStorage.memory()
        let monitor = CookieMonitor()
        let repository = repository(server, storage: storage, monitor: monitor)

        // When the login is made, then another call
        _ = try await repository.performRawRequest(method: .post, path: "login").get()
        _ = try await repository.performRawRequest(method: .get, path: "me").get()

        // Then the login carried no cookie, the next call both, and the monitor saw the same header
        #expect(server.requests(path: "/login").first?.headers["Cookie"] == nil)
        #expect(server.requests(path: "/me").first?.headers["Cookie"] == "sid=abc; lang=en")
        #expect(monitor.cookies.all == [nil, "sid=abc; lang=en"])
        #expect(storage.cookies(for: server.url("/")).map(\.name) == ["sid", "lang"])
    }

    @Test("a Cookie header set by the caller is sent first, the jar's cookies after it")
    func callerCookieFirst() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/me") { _ in MockResponse(status: 200) }
        let storage = CookieStorage.memory()
        storage.add(Cookie(name: "jar", value: "1", domain: "127.0.0.1"))

        _ = try await repository(server, storage: storage)
            .performRawRequest(method: .get, path: "me", headers: ["Cookie": "mine=2"]).get()

        #expect(server.requests(path: "/me").first?.headers["Cookie"] == "mine=2; jar=1")
    }

    /// An interceptor that records the `Cookie` header it is handed, then sets its own.
    struct CookieSettingInterceptor: HTTPInterceptor {
        let seen = Recorder<String?>()

        func intercept(
            _ request: HTTPRequest, context: RequestContext,
            next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            seen.record(request.headers["Cookie"])
            var request = request
            request.headers["Cookie"] = "interceptor=3"
            return try await next(request, context)
        }
    }

    @Test("the jar is the last interceptor: the configuration's interceptors see no jar cookie, and theirs goes first")
    func jarAfterInterceptors() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/me") { _ in MockResponse(status: 200) }
        let storage = CookieStorage.memory()
        storage.add(Cookie(name: "jar", value: "1", domain: "127.0.0.1"))
        let interceptor = CookieSettingInterceptor()
        var configuration = TransportFixtures.configuration(server, host: "127.0.0.1")
        configuration.cookieStorage = storage
        configuration.eventMonitors = []
        configuration.interceptors = [interceptor]

        _ = try await TestRepository(configuration: configuration, transport: CurlTransport())
            .performRawRequest(method: .get, path: "me").get()

        #expect(interceptor.seen.all == [nil])
        #expect(server.requests(path: "/me").first?.headers["Cookie"] == "interceptor=3; jar=1")
    }

    @Test("a redirect's Set-Cookie is stored and the redirected hop sends it; the final response's is stored too")
    func redirectOnSameServer() async throws {
        // Given /start answering 302 with a cookie, to /landing which sets another
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/start") { _ in
            MockResponse(status: 302, headerFields: [("Set-Cookie", "step=1; Path=/"), ("Location", "/landing")])
        }
        server.route("/landing") { _ in MockResponse(status: 200, headerFields: [("Set-Cookie", "final=2")]) }
        let storage = CookieStorage.memory()

        // When /start is called
        let response = try await repository(server, storage: storage).performRawRequest(method: .get, path: "start")
            .get()

        // Then the second hop carried the redirect's cookie, and the jar holds both
        #expect(response.statusCode == 200)
        #expect(server.requests(path: "/start").first?.headers["Cookie"] == nil)
        #expect(server.requests(path: "/landing").first?.headers["Cookie"] == "step=1")
        #expect(storage.cookieHeader(for: server.url("/")) == "step=1; final=2")
    }

    @Test("a redirect to another origin sends only that origin's cookies, never the caller's Cookie header")
    func redirectToAnotherOrigin() async throws {
        // Given 127.0.0.1 redirecting to a second server reached as localhost, and a jar with cookies for both
        let first = try MockServer()
        let second = try MockServer()
        defer {
            first.shutdown()
            second.shutdown()
        }
        let target = try #require(URL(string: "http://localhost:\(second.port)/there"))
        first.route("/here") { _ in
            MockResponse(
                status: 302, headerFields: [("Set-Cookie", "fromredirect=1"), ("Location", target.absoluteString)])
        }
        second.route("/there") { _ in MockResponse(status: 200) }
        let storage = CookieStorage.memory()
        storage.add(Cookie(name: "first", value: "1", domain: "127.0.0.1"))
        storage.add(Cookie(name: "second", value: "2", domain: "localhost"))

        // When the caller sends its own Cookie header to the first
        _ = try await repository(first, storage: storage)
            .performRawRequest(method: .get, path: "here", headers: ["Cookie": "caller=x"]).get()

        // Then the first got the caller's and its own; the second only its own
        #expect(first.requests(path: "/here").first?.headers["Cookie"] == "caller=x; first=1")
        #expect(second.requests(path: "/there").first?.headers["Cookie"] == "second=2")
        #expect(storage.cookieHeader(for: first.url("/")) == "first=1; fromredirect=1")
    }

    @Test("without a cookie storage nothing is stored or sent (the default)")
    func noStorage() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/login") { _ in MockResponse(status: 200, headerFields: [("Set-Cookie", "sid=abc")]) }
        server.route("/me") { _ in MockResponse(status: 200) }
        #expect(NetworkingConfiguration(domainURL: "example.com").cookieStorage == nil)
        let repository = repository(server, storage: nil)

        _ = try await repository.performRawRequest(method: .post, path: "login").get()
        _ = try await repository.performRawRequest(method: .get, path: "me").get()

        #expect(server.requests(path: "/me").count == 1)
        #expect(server.requests(path: "/me").first?.headers["Cookie"] == nil)
    }
}
