/// How ``MockServer`` answers an upgrade request to a WebSocket path set with
/// ``MockServer/webSocket(_:upgrade:handler:)``.
///
/// ```swift
/// server.webSocket("/chat", upgrade: .acceptFirst(of: ["chat.v2", "chat.v1"]))
/// server.webSocket("/private", upgrade: .refuse(MockResponse(status: 401)))
/// server.webSocket("/broken", upgrade: .wrongAcceptKey)
/// ```
/// A request without a valid `Sec-WebSocket-Key` (base64 of 16 bytes), with a `Sec-WebSocket-Version` other than
/// 13, without `Connection: Upgrade`, or with a method other than `GET` is answered `400 Bad Request` whatever
/// this says.
public enum MockWebSocketUpgrade: Sendable {
    /// Answers `101 Switching Protocols` and opens the WebSocket.
    /// - Parameter protocol: Sent as `Sec-WebSocket-Protocol` exactly as given, even when the client did not
    ///   offer it (to test a client's check of the selected subprotocol); `nil` sends no subprotocol.
    case accept(protocol: String? = nil)
    /// Answers `101 Switching Protocols`, selecting the first subprotocol the client offered (in the client's
    /// order) that is in the list; no `Sec-WebSocket-Protocol` when none matches.
    case acceptFirst(of: [String])
    /// Answers with this response instead of upgrading (a `401`, a `404`, a `200` without `Upgrade` …) and
    /// closes the connection; faults and delays of the response apply.
    case refuse(MockResponse)
    /// Answers `101 Switching Protocols` with a `Sec-WebSocket-Accept` that does not match the client's key
    /// (still base64 of 20 bytes, so only a client that checks the value notices), then serves the socket as
    /// ``accept(protocol:)`` does.
    case wrongAcceptKey
    /// Reads the request and never answers, until the client closes the connection or the server stops.
    case noAnswer
}
