import Foundation
import Testing

@testable import Networking

@Suite("WebSocket handshake, unit", .timeLimit(.minutes(1)))
struct WebSocketHandshakeTests {
    private let request = HTTPRequest(
        method: .get, url: URL(string: "https://example.test:8443/feed?x=1")!, headers: ["Authorization": "Bearer t"],
        timeout: 5)

    @Test("the accept value follows RFC 6455's example")
    func acceptExample() {
        #expect(WebSocketHandshake.acceptValue(for: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    }

    @Test("each handshake has a new 16-byte key; the request names the target, host and port")
    func requestBytes() throws {
        let first = try WebSocketHandshake(request: request, protocols: ["a"])
        let second = try WebSocketHandshake(request: request, protocols: [])

        #expect(first.key != second.key)
        #expect(Data(base64Encoded: first.key)?.count == 16)
        let text = String(decoding: first.requestBytes, as: UTF8.self)
        #expect(text.hasPrefix("GET /feed?x=1 HTTP/1.1\r\nHost: example.test:8443\r\n"))
        #expect(text.contains("\r\nSec-WebSocket-Protocol: a\r\n"))
        #expect(text.contains("\r\nAuthorization: Bearer t\r\n"))
        #expect(text.hasSuffix("\r\n\r\n"))
        #expect(!String(decoding: second.requestBytes, as: UTF8.self).contains("Sec-WebSocket-Protocol"))
    }

    @Test("the default port is left out of Host; IPv6 hosts are bracketed")
    func hostHeader() throws {
        let defaultPort = try WebSocketHandshake(
            request: HTTPRequest(method: .get, url: URL(string: "https://example.test:443/")!, timeout: 5),
            protocols: [])
        let ipv6 = try WebSocketHandshake(
            request: HTTPRequest(method: .get, url: URL(string: "http://[::1]:8080")!, timeout: 5), protocols: [])

        #expect(String(decoding: defaultPort.requestBytes, as: UTF8.self).contains("\r\nHost: example.test\r\n"))
        let text = String(decoding: ipv6.requestBytes, as: UTF8.self)
        #expect(text.hasPrefix("GET / HTTP/1.1\r\nHost: [::1]:8080\r\n"))
    }

    @Test("a 101 is checked: Upgrade, Connection, the accept value, extensions and the protocol")
    func validation() throws {
        let handshake = try WebSocketHandshake(request: request, protocols: ["chat"])
        let accept = try #require(WebSocketHandshake.acceptValue(for: handshake.key))
        func answer(_ headers: HTTPHeaders) -> HTTPResponse {
            HTTPResponse(statusCode: 101, headers: headers, url: request.url)
        }
        let good: HTTPHeaders = [
            "Upgrade": "WebSocket", "Connection": "keep-alive, Upgrade", "Sec-WebSocket-Accept": accept,
        ]

        #expect(try handshake.validate(answer(good)) == nil)
        var chosen = good
        chosen["Sec-WebSocket-Protocol"] = "chat"
        #expect(try handshake.validate(answer(chosen)) == "chat")
        for broken in ["Upgrade", "Connection", "Sec-WebSocket-Accept"] {
            var headers = good
            headers.remove(broken)
            #expect(throws: TransportError.self) { try handshake.validate(answer(headers)) }
        }
        var extensions = good
        extensions["Sec-WebSocket-Extensions"] = "permessage-deflate"
        #expect(throws: TransportError.self) { try handshake.validate(answer(extensions)) }
        var unoffered = good
        unoffered["Sec-WebSocket-Protocol"] = "other"
        #expect(throws: TransportError.self) { try handshake.validate(answer(unoffered)) }
    }

    @Test("chunked refusal bodies are decoded; an incomplete one is not yet complete")
    func chunkedBody() {
        #expect(
            ChunkedBody.decode(Array("5\r\nhello\r\n6;x=y\r\n world\r\n0\r\n\r\n".utf8)) == Array("hello world".utf8))
        #expect(ChunkedBody.decode(Array("5\r\nhel".utf8)) == nil)
        #expect(ChunkedBody.decode(Array("zz\r\n".utf8)) == nil)
    }
}

@Suite("WebSocket refusal bodies, hostile framing", .timeLimit(.minutes(1)))
struct WebSocketRefusalBodyTests {
    @Test("a negative or non-numeric Content-Length is ignored, not trusted")
    func contentLength() {
        #expect(CurlWebSocketConnection.contentLength(["Content-Length": "12"]) == 12)
        #expect(CurlWebSocketConnection.contentLength(["Content-Length": "-1"]) == nil)
        #expect(CurlWebSocketConnection.contentLength(["Content-Length": "ten"]) == nil)
        #expect(CurlWebSocketConnection.contentLength([:]) == nil)
    }

    @Test("a chunk size near Int.max is incomplete, not an overflow")
    func hugeChunk() {
        #expect(ChunkedBody.decode(Array("7fffffffffffffff\r\nabc".utf8)) == nil)
        #expect(ChunkedBody.decode(Array("ffffffffffffffff\r\nabc".utf8)) == nil)
    }
}
