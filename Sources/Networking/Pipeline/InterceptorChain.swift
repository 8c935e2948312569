/// The configuration's interceptors, outermost first, each handed the rest of the chain as `next`.
struct InterceptorChain: Sendable {
    /// What the innermost interceptor's `next` calls: the event monitors and the transport.
    typealias Next = @Sendable (HTTPRequest, RequestContext) async throws -> HTTPResponse

    let interceptors: [any HTTPInterceptor]

    /// Sends `request` through the interceptors from `index` on, then through `last`.
    func send(
        _ request: HTTPRequest, _ context: RequestContext, from index: Int = 0, then last: @escaping Next
    ) async throws -> HTTPResponse {
        guard index < interceptors.count else {
            return try await last(request, context)
        }
        return try await interceptors[index].intercept(request, context: context) { request, context in
            try await send(request, context, from: index + 1, then: last)
        }
    }
}
