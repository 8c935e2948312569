import Foundation

/// The built-in link that connects a ``CookieStorage`` to the requests of a configuration (see
/// ``NetworkingConfiguration/cookieStorage``): it adds the jar's `Cookie` header to each request and stores the
/// `Set-Cookie`s of its response.
///
/// It is the last interceptor of the chain, so the event monitors (the logger) see the header it adds, and every
/// attempt of a retrying interceptor gets the jar's current cookies. A `Cookie` header the caller set is kept and
/// sent first, the jar's cookies after it in the same header. ``CurlTransport`` follows redirects itself: it
/// stores each redirect's `Set-Cookie`s and sends every further hop the jar's cookies for that hop (the caller's
/// only while the origin stays the same); this stage stores the final response's.
struct CookieJarStage: HTTPInterceptor {
    let storage: CookieStorage

    func intercept(
        _ request: HTTPRequest, context: RequestContext,
        next: @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse
    ) async throws -> HTTPResponse {
        var request = request
        request.cookieStorage = storage
        request.callerCookie = request.headers["Cookie"]
        request.attachJarCookies()
        let response = try await next(request, context)
        storage.store(response)
        return response
    }

    /// The stage for `configuration`, as a list of at most one link: none without a cookie storage.
    static func links(for configuration: NetworkingConfiguration) -> [any HTTPInterceptor] {
        configuration.cookieStorage.map { [CookieJarStage(storage: $0)] } ?? []
    }
}
