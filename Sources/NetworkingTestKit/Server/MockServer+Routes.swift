public import Foundation
import Networking

extension MockServer {
    /// Answers the requests to `path` with `responder`, whatever the ``dispatcher`` and the queue hold.
    ///
    /// ```swift
    /// server.route("/token") { _ in MockResponse(status: 200, json: #"{"token": "fresh"}"#) }
    /// server.route("/books/1") { request in
    ///     request.headers["Authorization"] == "Bearer fresh" ? MockResponse(status: 200, json: "{}") : MockResponse(status: 401)
    /// }
    /// ```
    /// Setting a route again for the same path replaces it; ``shutdown()`` removes every route, which also
    /// breaks the cycle of a responder that captures the server.
    /// - Parameters:
    ///   - path: The path to answer, compared with ``RecordedRequest/path`` (no query; a missing leading
    ///     `/` is added).
    ///   - responder: Answers one request; called on a connection thread.
    public func route(_ path: String, _ responder: @escaping @Sendable (RecordedRequest) -> MockResponse) {
        setRoute(.responder(responder), for: path)
    }

    /// Answers the first `count` requests to `path` with `failure`, and every later one with `success`, for
    /// testing retries.
    ///
    /// ```swift
    /// server.route("/books", failingFirst: 2, with: MockResponse(status: 503).retryAfter(seconds: 1),
    ///              then: MockResponse(status: 200, json: "[]"))
    /// server.route("/slow", failingFirst: 1, with: MockResponse().failing(.stall), then: MockResponse(text: "ok"))
    /// ```
    /// `failure` may be any response: a status, one with `Retry-After`, or one failing with
    /// ``MockResponse/Fault/disconnectAtStart`` (closed without an answer), ``MockResponse/Fault/stall``
    /// or ``MockResponse/Fault/disconnectDuringBody`` (a body cut short). The requests are counted from
    /// this call in the order the server records them, so exactly `count` fail however many arrive at once.
    /// Setting a route again for the same path replaces it and its count.
    /// - Parameters:
    ///   - path: The path to answer, as in ``route(_:_:)``.
    ///   - count: How many requests get `failure` (0 or less: none).
    ///   - failure: The answer to the first `count` requests.
    ///   - success: The answer to every later request.
    public func route(_ path: String, failingFirst count: Int, with failure: MockResponse, then success: MockResponse) {
        setRoute(.failingFirst(remaining: max(0, count), failure: failure, success: success), for: path)
    }

    /// The requests recorded so far whose ``RecordedRequest/path`` is `path`, in arrival order, whether
    /// taken or not.
    /// - Parameter path: The path, without a query (a missing leading `/` is added).
    /// - Returns: The requests.
    public func requests(path: String) -> [RecordedRequest] {
        let path = Self.normalized(path)
        return core.state.withLock { $0.requests.filter { $0.path == path } }
    }

    /// The number of requests recorded so far whose ``RecordedRequest/path`` is `path`.
    /// - Parameter path: The path, without a query (a missing leading `/` is added).
    /// - Returns: The count.
    public func requestCount(path: String) -> Int {
        let path = Self.normalized(path)
        return core.state.withLock { state in state.requests.count { $0.path == path } }
    }

    /// Holds the next `count` requests (to `path`, or to any path when `nil`) unanswered until `count` of
    /// them have arrived, then answers them all: a barrier that makes concurrency tests deterministic.
    ///
    /// ```swift
    /// server.holdRequests(until: 3, path: "/books")
    /// // … start three calls at once: the server answers none of them before the third has arrived …
    /// ```
    /// Held requests are recorded (``requestCount`` and ``takeRequest(timeout:)`` see them at once) and
    /// then answered as usual, by route, dispatcher or queue; requests after those `count` are not held.
    /// When `timeout` passes first, the requests held so far are answered anyway and the barrier holds
    /// nothing more, so a test never hangs; ``shutdown()`` releases held requests at once (their
    /// connections are closed unanswered). Calling it again adds another barrier, which takes requests
    /// once the earlier ones are full. The held requests must travel on connections of their own, as
    /// concurrent calls do: a client sends the next request of a kept-alive connection only once the
    /// previous one is answered.
    /// - Parameters:
    ///   - count: How many requests to hold and release together.
    ///   - path: The path whose requests are held (a missing leading `/` is added), or `nil` for any.
    ///   - timeout: The longest the barrier holds anything, in seconds from this call.
    public func holdRequests(until count: Int, path: String? = nil, timeout: TimeInterval = 10) {
        let barrier = MockServerBarrier(count: count, path: path.map(Self.normalized), timeout: timeout)
        core.state.withLock { $0.barriers.append(barrier) }
    }

    private func setRoute(_ route: MockServerRoute, for path: String) {
        let path = Self.normalized(path)
        // The replaced route is released outside the lock: a responder may hold the last server reference.
        let replaced = core.state.withLock { $0.routes.updateValue(route, forKey: path) }
        _ = replaced
    }

    /// `path` with a leading `/`, the form ``RecordedRequest/path`` always has.
    static func normalized(_ path: String) -> String {
        path.hasPrefix("/") ? path : "/" + path
    }
}
