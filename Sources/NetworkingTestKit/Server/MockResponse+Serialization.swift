import Foundation
import Networking

extension MockResponse {
    /// How a response goes on the wire: its head, and how many bytes of its payload follow, framed how.
    struct Framing {
        /// The status line and header fields; empty for a raw response.
        var head: Data
        /// Whether any payload follows the head (false for `HEAD` requests and bodyless statuses).
        var sendsBody: Bool
        /// The largest chunk when the payload is sent chunked.
        var chunkSize: Int?
        /// How many payload bytes are sent before the connection is closed, when a fault cuts the body.
        var payloadLimit: Int?
    }

    /// Whether the connection must be closed once this response is written.
    var closesConnection: Bool {
        rawBytes != nil || fault != nil || asksToClose
    }

    /// Whether the header fields carry `Connection: close`.
    private var asksToClose: Bool {
        HeaderList.members(headers.values(for: "Connection"), lowercased: true).contains("close")
    }

    /// The length of the payload (before any chunked framing): the raw bytes, the generated body, or ``body``.
    var payloadLength: Int {
        rawBytes?.count ?? generatedBodySize ?? body.count
    }

    /// Serializes the head and decides the body's framing. A raw response is all payload, so faults cut it too.
    /// - Parameters:
    ///   - omitBody: Whether the request was `HEAD` (the head announces the body, no body is sent).
    ///   - closing: Whether to add `Connection: close` (when the fields do not already say so).
    /// - Returns: The framing.
    func framing(omitBody: Bool, closing: Bool) -> Framing {
        let limit: Int? =
            switch fault {
            case .disconnectDuringBody: payloadLength / 2
            case .disconnectAfterBodyBytes(let count): max(0, count)
            case .disconnectAtStart, .stall, nil: nil
            }
        if rawBytes != nil {
            return Framing(head: Data(), sendsBody: true, chunkSize: nil, payloadLimit: limit)
        }
        var fields = headers
        let bodyless = (100..<200).contains(status) || status == 204 || status == 304
        if let chunkSize, !bodyless {
            fields.remove("Content-Length")
            if !fields.contains("Transfer-Encoding") {
                fields.add(name: "Transfer-Encoding", value: "chunked")
            }
            return Framing(
                head: head(fields, closing: closing), sendsBody: !omitBody, chunkSize: chunkSize, payloadLimit: limit)
        }
        if !bodyless && !fields.contains("Content-Length") {
            // A body cut short must be announced longer than what is sent, even when it is empty.
            let announced = fault == .disconnectDuringBody ? max(1, payloadLength) : payloadLength
            fields.add(name: "Content-Length", value: String(announced))
        }
        return Framing(
            head: head(fields, closing: closing), sendsBody: !omitBody && !bodyless, chunkSize: nil,
            payloadLimit: limit)
    }

    /// Passes the payload to `body` in order, in pieces of at most `maximumPiece` bytes (slices, not copies).
    /// - Returns: false as soon as `body` returns false, else true.
    func forEachPayloadPiece(maximumPiece: Int, _ body: (Data) -> Bool) -> Bool {
        if let generatedBodySize, rawBytes == nil {
            return Self.forEachGeneratedPiece(size: generatedBodySize, maximumPiece: maximumPiece, body)
        }
        let payload = rawBytes ?? self.body
        var start = payload.startIndex
        while start < payload.endIndex {
            let end = payload.index(start, offsetBy: maximumPiece, limitedBy: payload.endIndex) ?? payload.endIndex
            guard body(payload[start..<end]) else { return false }
            start = end
        }
        return true
    }

    private func head(_ fields: HTTPHeaders, closing: Bool) -> Data {
        var text = "HTTP/1.1 \(status) \(reason ?? Self.reasonPhrase(status))\r\n"
        for field in fields {
            text += "\(field.name): \(field.value)\r\n"
        }
        if closing && !asksToClose {
            text += "Connection: close\r\n"
        }
        text += "\r\n"
        return Data(text.utf8)
    }

    /// The standard reason phrase of a status code, or `Status` for codes without one here.
    static func reasonPhrase(_ status: Int) -> String {
        switch status {
        case 100: "Continue"
        case 101: "Switching Protocols"
        case 200: "OK"
        case 201: "Created"
        case 202: "Accepted"
        case 204: "No Content"
        case 206: "Partial Content"
        case 301: "Moved Permanently"
        case 302: "Found"
        case 303: "See Other"
        case 304: "Not Modified"
        case 307: "Temporary Redirect"
        case 308: "Permanent Redirect"
        case 400: "Bad Request"
        case 401: "Unauthorized"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 408: "Request Timeout"
        case 409: "Conflict"
        case 413: "Content Too Large"
        case 415: "Unsupported Media Type"
        case 422: "Unprocessable Content"
        case 429: "Too Many Requests"
        case 500: "Internal Server Error"
        case 501: "Not Implemented"
        case 502: "Bad Gateway"
        case 503: "Service Unavailable"
        case 504: "Gateway Timeout"
        default: "Status"
        }
    }
}
