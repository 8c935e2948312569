import Foundation

extension AbstractRepository {
    /// Opens a WebSocket to `path` on the configuration's base URL (http becomes ws, https wss), through the
    /// repository's pipeline: the session token, default headers, interceptors and cookie jar apply to the upgrade
    /// request, the event monitors log it and its answer, the configuration's pins and timeout apply to the
    /// connection.
    ///
    /// ```swift
    /// final class FeedRepository: AbstractRepository, @unchecked Sendable {
    ///     func liveFeed() async -> Result<WebSocket, RepositoryError> {
    ///         await openWebSocket(path: "feed", protocols: ["feed.v2"])
    ///     }
    /// }
    /// ```
    /// The configuration's loggers also print, at `.debug`, when the socket opens and closes and each message's kind
    /// and size (payloads only with ``NetworkActivityLogger/logsWebSocketPayloads``). The repository's transport must
    /// be a ``CurlTransport`` (the default).
    /// - Parameters:
    ///   - path: The path, relative to the base URL, or an absolute ws/wss URL (the repository's pins and timeout apply;
    ///     its session token, `Authorization` and `Cookie` go only to the base URL's host, on any port; a ws URL
    ///     under an https base URL is refused).
    ///   - headers: Extra upgrade-request headers (not `Upgrade`, `Connection`, `Host` or `Sec-WebSocket-*`).
    ///   - protocols: The subprotocols to offer, preferred first.
    ///   - maximumMessageSize: The largest message accepted; a larger one closes the socket with 1009.
    /// - Returns: The open socket, or the error a request to `path` would give (401 →
    ///   ``RepositoryError/unauthenticatedSession(_:)``, other refusals ``RepositoryError/requestError(_:)`` with the
    ///   body, ``RepositoryError/pinningFailure(_:)`` with no byte of the upgrade sent).
    public func openWebSocket(
        path: String, headers: [String: String] = [:], protocols: [String] = [], maximumMessageSize: Int = 16 << 20
    ) async -> Result<WebSocket, RepositoryError> {
        // An absolute ws/wss URL (a push proxy on another port, as the GOM's) replaces the base URL; the request is
        // otherwise built as for the base URL itself, with the repository's headers, token, pins and timeout.
        let absolute = path.contains("://") ? URL(string: path) : nil
        if path.contains("://") && absolute.flatMap(WebSocket.httpURL(for:)) == nil {
            return .failure(.invalidURL("\(path) is not a ws, wss, http or https URL"))
        }
        var request: HTTPRequest
        switch buildRequest(method: .get, path: absolute == nil ? path : "", body: .parameters(nil), headers: headers) {
        case .success(let built): request = built
        case .failure(let error): return .failure(error)
        }
        guard let httpURL = WebSocket.httpURL(for: absolute ?? request.url) else {
            return .failure(.invalidURL("\(request.url.absoluteString) is not a ws, wss, http or https URL"))
        }
        var requiresSession = true
        if let absolute {
            let base = request.url
            if base.scheme?.lowercased() == "https" && httpURL.scheme?.lowercased() == "http" {
                return .failure(
                    .invalidURL(
                        "\(path) is not encrypted, and the repository's base URL is (\(base.absoluteString)): its headers "
                            + "and session would travel in cleartext; use wss"))
            }
            if absolute.host?.lowercased() != base.host?.lowercased() {
                // Another host gets neither the session token nor the credentials among the headers, as a redirect
                // to another origin would not.
                requiresSession = false
                for name in ["Authorization", "Proxy-Authorization", "Cookie"] {
                    request.headers.remove(name)
                }
            }
        }
        request.url = httpURL
        let loggers = configuration.eventMonitors.compactMap { $0 as? NetworkActivityLogger }
        let upgrade = WebSocketUpgrade(
            protocols: protocols, maximumMessageSize: maximumMessageSize,
            trace: WebSocketTrace(url: WebSocket.webSocketURL(for: httpURL), loggers: loggers))
        request.webSocketUpgrade = upgrade
        let answer = await pipeline.execute(request, context: context(path: path, requiresSession: requiresSession))
        return WebSocket.open(upgrade, answer: answer, transport: String(describing: type(of: transport)))
    }
}
