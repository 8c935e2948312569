import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Copies of the README's "Interceptors, retries and token refresh" blocks, so they keep compiling.
extension Readme {
    struct APIKey: HTTPInterceptor {
        let key: String

        func intercept(
            _ request: HTTPRequest, context: RequestContext,
            next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
        ) async throws -> HTTPResponse {
            var request = request
            request.headers["X-Api-Key"] = key
            return try await next(request, context)  // or answer without calling next, or call it again
        }
    }

    static func interceptors() -> NetworkingConfiguration {
        var configuration = NetworkingConfiguration(domainURL: "api.example.com")
        configuration.interceptors = [RetryPolicy(maximumAttempts: 4, baseDelay: 0.25), APIKey(key: "k-123")]
        return configuration
    }

    /// Stands for the app's own refresh call.
    final class AuthRepository: AbstractRepository, @unchecked Sendable {
        func refresh(_ expiredToken: String) async -> Result<String, RepositoryError> {
            let result: Result<[String: String], RepositoryError> = await performAuthenticationRequest(
                method: .post, path: "refresh", parameters: ["token": expiredToken])
            return result.map { $0["token"] ?? "" }
        }
    }

    static func tokenRefresh(
        tokenFile: URL, authRepository: AuthRepository, showLoginScreen: @escaping @Sendable () async -> Void
    )
        async -> SessionManager
    {
        let session = SessionManager(store: .file(tokenFile)) { expiredToken in
            try await authRepository.refresh(expiredToken).get()  // your refresh call; throw when there is none
        }
        Task {
            for await event in await session.sessionChanges where event == .expired {
                await showLoginScreen()
            }
        }
        return session
    }
}

extension ReadmeExamplesTests {
    @Test("the interceptor example adds its header behind a retry policy")
    func interceptorExample() async throws {
        let transport = stub(body: "{}")
        let repository = Readme.BooksRepository(configuration: Readme.interceptors(), transport: transport)

        _ = await repository.performRawRequest(method: .get, path: "books")

        #expect(transport.requests.map { $0.headers["X-Api-Key"] } == ["k-123"])
        #expect(Readme.interceptors().interceptors.first is RetryPolicy)
    }

    @Test("the token-refresh example refreshes through the app's call, and reports expiry")
    func tokenRefreshExample() async throws {
        // Given the README's session, whose refresh call is answered by a stub, and a 401 for the old token
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("readme-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let auth = Readme.AuthRepository(
            configuration: stubConfiguration(), transport: stub(body: #"{"token": "readme-new"}"#))
        let loginScreens = Locked(0)
        let session = await Readme.tokenRefresh(
            tokenFile: folder.appendingPathComponent("session"), authRepository: auth,
            showLoginScreen: { loginScreens.withLock { $0 += 1 } })
        await session.login(token: "readme-old")
        let api = StubTransport { request in
            let status = request.headers["Authorization"] == "readme-old" ? 401 : 200
            return HTTPResponse(statusCode: status, url: request.url)
        }
        let repository = Readme.BooksRepository(
            configuration: stubConfiguration(), sessionManager: session, transport: api)

        // When a call is rejected
        let result = await repository.performRawRequest(method: .get, path: "books")

        // Then it was replayed with the refreshed token
        #expect(result.success?.statusCode == 200)
        #expect(api.requests.map { $0.headers["Authorization"] } == ["readme-old", "readme-new"])

        // And when the session expires (again until the example's task, which subscribes on its own, sees it),
        // the login screen is asked for
        let deadline = ContinuousClock.now + .seconds(10)
        while loginScreens.withLock({ $0 }) == 0, ContinuousClock.now < deadline {
            await session.login(token: "readme-again")
            await session.expire()
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(loginScreens.withLock { $0 } >= 1)
    }
}
