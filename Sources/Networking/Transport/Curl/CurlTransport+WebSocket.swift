import Foundation

extension CurlTransport {
    /// Opens a WebSocket for an upgrade request (its URL http or https): connects with libcurl on this transport's
    /// multi handle (DNS, proxy tunnel, connect timeout and pinning as for HTTP), sends the upgrade and reads the
    /// answer. A 101 hands the open connection to `upgrade`; any other answer is returned as the response, for the
    /// pipeline to map like any other status.
    /// - Parameters:
    ///   - request: The upgrade request.
    ///   - upgrade: The upgrade's options and the slot for the connection.
    /// - Returns: The upgrade's answer.
    func openWebSocket(_ request: HTTPRequest, upgrade: WebSocketUpgrade) async throws -> HTTPResponse {
        guard let loop = eventLoop else {
            throw loopFailure
        }
        let scheme = request.url.scheme?.lowercased()
        guard scheme == "http" || scheme == "https" else {
            throw TransportError(
                code: .other, message: "\(request.url.absoluteString) is not a ws, wss, http or https URL")
        }
        let displayURL = WebSocket.webSocketURL(for: request.url)
        let pins = try Self.pins(of: request)
        if let pins, scheme != "https" {
            throw PinningFailure(
                host: request.url.host ?? "", servedPins: [], expectedPins: pins.pins,
                reason: "\(displayURL.absoluteString) is not wss, so its server cannot be pinned")
        }
        if pins != nil, let dnsOverHTTPS {
            throw RepositoryError.invalidParameters(
                "\(displayURL.absoluteString) is pinned, and its transport resolves names over HTTPS "
                    + "(\(dnsOverHTTPS.absoluteString)); open pinned WebSockets through a transport without dnsOverHTTPS"
            )
        }
        try Task.checkCancellation()
        let handshake = try WebSocketHandshake(request: request, protocols: upgrade.protocols)
        let connection = try CurlWebSocketConnection(
            handshake: handshake, url: displayURL,
            pinCheck: pins.map { PinCheck(pins: $0, host: request.url.host ?? "") },
            maximumMessageSize: upgrade.maximumMessageSize,
            timeout: request.timeout.isFinite ? max(request.timeout, 0.001) : 1e9,
            dnsOverHTTPS: dnsOverHTTPS, trace: upgrade.trace)
        let response = try await withTaskCancellationHandler {
            try await withUnsafeThrowingContinuation { continuation in
                connection.start(continuation, on: loop)
            }
        } onCancel: {
            connection.cancelOpening(on: loop)
        }
        if response.statusCode == 101 {
            upgrade.deliver(connection)
        }
        return response
    }

    /// The number of WebSocket connections this transport has opening or open; 0 once every socket closed.
    public var openWebSocketCount: Int {
        eventLoop?.openSocketCount ?? 0
    }
}
