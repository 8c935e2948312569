import Foundation
import Networking

/// The server side of the WebSocket opening handshake (RFC 6455 §4.2): recognising an upgrade request,
/// checking it, and writing the `101 Switching Protocols` head.
enum MockWebSocketHandshake {
    /// The GUID appended to the client's key before hashing (RFC 6455 §1.3).
    static let guid = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Whether the request asks for a WebSocket: its `Upgrade` field holds the token `websocket` (any case).
    static func isUpgrade(_ request: RecordedRequest) -> Bool {
        tokens(request.headers.values(for: "Upgrade")).contains("websocket")
    }

    /// What is wrong with an upgrade request, or `nil` when it is a valid one.
    /// - Returns: A description for the `400` body, and whether the version was the problem (the answer then
    ///   names the supported version, RFC 6455 §4.4).
    static func problem(with request: RecordedRequest) -> (text: String, version: Bool)? {
        guard request.method == "GET" else {
            return ("a WebSocket upgrade must be a GET, not \(request.method)", false)
        }
        guard request.version == "HTTP/1.1" else {
            return ("a WebSocket upgrade needs HTTP/1.1, not \(request.version)", false)
        }
        guard tokens(request.headers.values(for: "Connection")).contains("upgrade") else {
            return ("no Connection: Upgrade", false)
        }
        guard let key = request.headers["Sec-WebSocket-Key"] else {
            return ("no Sec-WebSocket-Key", false)
        }
        guard Base64.decode(key)?.count == 16 else {
            return ("Sec-WebSocket-Key \"\(key.prefix(64))\" is not base64 of 16 bytes", false)
        }
        guard request.headers["Sec-WebSocket-Version"] == "13" else {
            let version = request.headers["Sec-WebSocket-Version"].map { "\"\($0.prefix(16))\"" } ?? "missing"
            return ("Sec-WebSocket-Version \(version), only 13 is supported", true)
        }
        return nil
    }

    /// `Sec-WebSocket-Accept` for a key: base64 of the SHA-1 of the key followed by ``guid``.
    static func acceptValue(for key: String) -> String {
        SHA1.hash(key + guid).map { Base64.encode($0) } ?? "sha1-unavailable"
    }

    /// The subprotocols the client offered in `Sec-WebSocket-Protocol`, in its order.
    static func offeredProtocols(_ request: RecordedRequest) -> [String] {
        HeaderList.members(request.headers.values(for: "Sec-WebSocket-Protocol"))
    }

    /// The `101 Switching Protocols` head for a valid upgrade request, or `nil` when `upgrade` does not accept.
    static func switchingHead(for request: RecordedRequest, upgrade: MockWebSocketUpgrade) -> Data? {
        let key = request.headers["Sec-WebSocket-Key"] ?? ""
        var accept = acceptValue(for: key)
        let selected: String?
        switch upgrade {
        case .accept(let chosen):
            selected = chosen
        case .acceptFirst(let supported):
            selected = offeredProtocols(request).first { supported.contains($0) }
        case .wrongAcceptKey:
            // The accept value of another key: well-formed, but not this key's.
            accept = acceptValue(for: "x" + key)
            selected = nil
        case .refuse, .noAnswer:
            return nil
        }
        var head = "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        head += "Sec-WebSocket-Accept: \(accept)\r\n"
        if let selected {
            head += "Sec-WebSocket-Protocol: \(selected)\r\n"
        }
        return Data((head + "\r\n").utf8)
    }

    /// The `400 Bad Request` answering an invalid upgrade request.
    static func badRequest(_ problem: (text: String, version: Bool)) -> MockResponse {
        var response = MockResponse(status: 400, text: "MockServer: bad WebSocket upgrade: \(problem.text)\n")
        if problem.version {
            response.headers["Sec-WebSocket-Version"] = "13"
        }
        return response
    }

    /// The comma-separated tokens of some field values, lowercased and trimmed.
    private static func tokens(_ values: [String]) -> [String] {
        HeaderList.members(values, lowercased: true)
    }
}
