import Foundation
import Networking

extension MockResponse {
    /// The bytes to write, split so that ``Fault/disconnectDuringBody`` can cut inside the body.
    /// A raw response is all body, so the fault cuts it in half too.
    struct Wire {
        var head: Data
        var body: Data

        /// The head followed by the body.
        var bytes: Data { head + body }
    }

    /// Whether the connection must be closed once this response is written.
    var closesConnection: Bool {
        rawBytes != nil || fault != nil || asksToClose
    }

    /// Whether the header fields carry `Connection: close`.
    private var asksToClose: Bool {
        headers.values(for: "Connection").contains { $0.lowercased() == "close" }
    }

    /// Serializes the response.
    /// - Parameters:
    ///   - omitBody: Whether the request was `HEAD` (the head announces the body, no body is sent).
    ///   - closing: Whether to add `Connection: close` (when the fields do not already say so).
    /// - Returns: The head and body bytes.
    func wire(omitBody: Bool, closing: Bool) -> Wire {
        if let rawBytes {
            return Wire(head: Data(), body: rawBytes)
        }
        var fields = headers
        let bodyless = (100..<200).contains(status) || status == 204 || status == 304
        if let chunkSize, !bodyless {
            fields.remove("Content-Length")
            if !fields.contains("Transfer-Encoding") {
                fields.add(name: "Transfer-Encoding", value: "chunked")
            }
            return Wire(
                head: head(fields, closing: closing), body: omitBody ? Data() : Self.chunks(body, size: chunkSize))
        }
        if !bodyless && !fields.contains("Content-Length") {
            // A body cut short must be announced longer than what is sent, even when it is empty.
            let announced = fault == .disconnectDuringBody ? max(1, body.count) : body.count
            fields.add(name: "Content-Length", value: String(announced))
        }
        return Wire(head: head(fields, closing: closing), body: omitBody || bodyless ? Data() : body)
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

    private static func chunks(_ body: Data, size: Int) -> Data {
        var encoded = Data()
        var start = body.startIndex
        while start < body.endIndex {
            let end = body.index(start, offsetBy: size, limitedBy: body.endIndex) ?? body.endIndex
            encoded.append(Data((String(end - start, radix: 16) + "\r\n").utf8))
            encoded.append(body[start..<end])
            encoded.append(Data("\r\n".utf8))
            start = end
        }
        encoded.append(Data("0\r\n\r\n".utf8))
        return encoded
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
