import Foundation

/// The client side of the HTTP/1.1 upgrade (RFC 6455 §4.1): the request bytes with a fresh key, and the checks
/// of the server's answer (status 101, `Upgrade: websocket`, `Connection: Upgrade`, the accept value derived from
/// the key, a subprotocol among those offered).
struct WebSocketHandshake: Sendable {
    /// The `Sec-WebSocket-Key`: 16 random bytes, base64.
    let key: String
    /// The subprotocols offered, in order of preference.
    let protocols: [String]
    /// The request: its URL (http or https), headers and timeout.
    let request: HTTPRequest

    /// The headers the handshake sets itself; a caller's header of the same name is refused.
    static let reservedHeaders: Set<String> = [
        "upgrade", "connection", "sec-websocket-key", "sec-websocket-version", "sec-websocket-accept",
        "sec-websocket-protocol", "sec-websocket-extensions", "host", "content-length", "transfer-encoding",
    ]

    /// The GUID the accept value is derived with (RFC 6455 §1.3).
    private static let acceptGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

    /// Prepares the handshake of `request` with a new random key.
    /// - Parameters:
    ///   - request: The upgrade request; its URL is http or https.
    ///   - protocols: The subprotocols to offer.
    /// - Throws: ``RepositoryError/invalidParameters(_:)`` for a header that cannot be sent (a line break, a
    ///   reserved name) or a subprotocol that is not an HTTP token.
    init(request: HTTPRequest, protocols: [String]) throws {
        for (name, value) in request.headers {
            guard CurlTransfer.isValidHeader(name: name, value: value) else {
                throw RepositoryError.invalidParameters(
                    "WebSocket header \"\(name)\" of \(request.url.absoluteString) has an invalid name or a line break "
                        + "in its value")
            }
            guard !Self.reservedHeaders.contains(name.lowercased()) else {
                throw RepositoryError.invalidParameters(
                    "WebSocket header \"\(name)\" of \(request.url.absoluteString) is set by the handshake itself; "
                        + "pass subprotocols as `protocols`")
            }
        }
        for name in protocols where !Self.isToken(name) {
            throw RepositoryError.invalidParameters(
                "WebSocket subprotocol \"\(name)\" of \(request.url.absoluteString) is not an HTTP token")
        }
        self.key = Base64.encode(SecureRandom.bytes(count: 16))
        self.protocols = protocols
        self.request = request
    }

    /// The accept value a server must answer for `key`: base64(SHA-1(key + GUID)).
    /// - Parameter key: The `Sec-WebSocket-Key`.
    /// - Returns: The expected `Sec-WebSocket-Accept`, or `nil` when OpenSSL could not hash.
    static func acceptValue(for key: String) -> String? {
        SHA1.hash(key + acceptGUID).map { Base64.encode($0) }
    }

    /// The request's bytes: request line, headers, blank line.
    var requestBytes: [UInt8] {
        let components = URLComponents(url: request.url, resolvingAgainstBaseURL: false)
        var target = components?.percentEncodedPath ?? "/"
        if target.isEmpty {
            target = "/"
        }
        if let query = components?.percentEncodedQuery {
            target += "?" + query
        }
        var lines = [
            "GET \(target) HTTP/1.1",
            "Host: \(hostHeader)",
            "Upgrade: websocket",
            "Connection: Upgrade",
            "Sec-WebSocket-Key: \(key)",
            "Sec-WebSocket-Version: 13",
        ]
        if !protocols.isEmpty {
            lines.append("Sec-WebSocket-Protocol: \(protocols.joined(separator: ", "))")
        }
        if !request.headers.contains("User-Agent") {
            lines.append("User-Agent: \(NetworkingVersion.userAgent)")
        }
        for (name, value) in request.headers {
            lines.append("\(name): \(value)")
        }
        return Array((lines.joined(separator: "\r\n") + "\r\n\r\n").utf8)
    }

    /// `Host`: the host, bracketed when it is an IPv6 address, with the port unless it is the scheme's default.
    private var hostHeader: String {
        let host = request.url.host ?? ""
        let bracketed = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        guard let port = request.url.port else {
            return bracketed
        }
        let scheme = request.url.scheme?.lowercased()
        let isDefault = (scheme == "http" && port == 80) || (scheme == "https" && port == 443)
        return isDefault ? bracketed : "\(bracketed):\(port)"
    }

    /// Checks a 101 answer.
    /// - Parameter response: The server's answer, status 101.
    /// - Returns: The subprotocol the server selected, if any.
    /// - Throws: ``TransportError`` (``TransportError/Code/invalidResponse``) naming what is wrong.
    func validate(_ response: HTTPResponse) throws -> String? {
        let url = request.url.absoluteString
        func refuse(_ reason: String) -> TransportError {
            TransportError(code: .invalidResponse, message: "WebSocket upgrade of \(url) failed: \(reason)")
        }
        guard Self.tokens(response.headers.values(for: "Upgrade")).contains("websocket") else {
            throw refuse("the 101 answer has no \"Upgrade: websocket\"")
        }
        guard Self.tokens(response.headers.values(for: "Connection")).contains("upgrade") else {
            throw refuse("the 101 answer has no \"Connection: Upgrade\"")
        }
        let accept = response.headers["Sec-WebSocket-Accept"]?.trimmingCharacters(in: .whitespaces)
        guard let expected = Self.acceptValue(for: key), accept == expected else {
            throw refuse(
                "Sec-WebSocket-Accept is \(accept.map { "\"\($0)\"" } ?? "missing"), expected \"\(Self.acceptValue(for: key) ?? "?")\""
            )
        }
        let extensions = HeaderList.members(response.headers.values(for: "Sec-WebSocket-Extensions"))
        if !extensions.isEmpty {
            throw refuse("the server selected extensions (\(extensions.joined(separator: ", "))) that were not offered")
        }
        guard let selected = response.headers["Sec-WebSocket-Protocol"]?.trimmingCharacters(in: .whitespaces),
            !selected.isEmpty
        else {
            return nil
        }
        guard protocols.contains(selected) else {
            throw refuse(
                "the server selected subprotocol \"\(selected)\", which was not offered "
                    + "(\(protocols.isEmpty ? "none was" : protocols.joined(separator: ", ")))")
        }
        return selected
    }

    /// The lowercased comma-separated tokens of header values.
    private static func tokens(_ values: [String]) -> [String] {
        HeaderList.members(values, lowercased: true)
    }

    /// Whether `text` is an HTTP token (RFC 9110 §5.6.2).
    private static func isToken(_ text: String) -> Bool {
        let separators = Set("()<>@,;:\\\"/[]?={} \t".utf8)
        return !text.isEmpty && text.utf8.allSatisfy { $0 > 32 && $0 < 127 && !separators.contains($0) }
    }
}
