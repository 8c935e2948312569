import COpenSSL
import Foundation
import Glibc
import Networking

@testable import NetworkingTestKit

/// A response read without keeping its body: the body is measured and hashed as it arrives.
struct StreamedResponse {
    let status: Int
    let headers: HTTPHeaders
    /// The body bytes received (chunked framing removed).
    let bodySize: Int
    let bodySHA256: String
    /// Whether the body ended as its framing said (false when the connection closed first).
    let complete: Bool
}

extension TestHTTPClient {
    /// Sends `size` bytes of the generated pattern (as `MockResponse.generated` sends it) in pieces, never
    /// holding more than one piece, optionally chunked.
    func sendGeneratedBody(size: Int, chunked: Bool = false) throws {
        var failure: (any Error)?
        _ = MockResponse.forEachGeneratedPiece(size: size, maximumPiece: 256 * 1024) { piece in
            do {
                if chunked {
                    try send(Data((String(piece.count, radix: 16) + "\r\n").utf8) + piece + Data("\r\n".utf8))
                } else {
                    try sendRaw(piece)
                }
                return true
            } catch {
                failure = error
                return false
            }
        }
        if let failure {
            throw failure
        }
        if chunked {
            try send("0\r\n\r\n")
        }
    }

    /// Sends `data` without copying it into an array first.
    private func sendRaw(_ data: Data) throws {
        try data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let count =
                    if let ssl {
                        Int(SSL_write(ssl, base + offset, Int32(min(bytes.count - offset, 1 << 20))))
                    } else {
                        Glibc.send(fd, base + offset, bytes.count - offset, Int32(MSG_NOSIGNAL))
                    }
                guard count > 0 else { throw TestClientError(description: "send failed") }
                offset += count
            }
        }
    }

    /// Reads one response (skipping interim ones), streaming its body through a SHA-256 instead of keeping it.
    /// A body cut short is not an error: `complete` says whether it ended as framed.
    func readStreamedResponse() throws -> StreamedResponse {
        let head = try readResponse(toHead: true)
        let hasher = SHA256Hasher()
        var size = 0
        let complete = try readBody(of: head.headers) { bytes in
            hasher.update(bytes)
            size += bytes.count
        }
        return StreamedResponse(
            status: head.status, headers: head.headers, bodySize: size, bodySHA256: hasher.hexDigest(),
            complete: complete)
    }

    /// Passes the body of the response whose head had `headers` to `consume`, its framing removed: the client's
    /// one reader of Content-Length, chunked (a chunk-size line, then the data and CRLF, until the last chunk
    /// and its trailers) and close-delimited bodies.
    /// - Returns: Whether the body ended as framed: false when the connection closed first or a chunk-size line
    ///   was malformed.
    func readBody(of headers: HTTPHeaders, _ consume: (UnsafeRawBufferPointer) -> Void) throws -> Bool {
        if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
            while true {
                guard let line = try? readLine(), let chunk = Int(line, radix: 16) else { return false }
                guard chunk > 0 else {
                    while let trailer = try? readLine(), !trailer.isEmpty {}
                    return true
                }
                guard try streamBytes(chunk, consume), (try? readLine()) != nil else { return false }
            }
        }
        if let length = headers["Content-Length"].flatMap({ Int($0) }) {
            return try streamBytes(length, consume)
        }
        _ = try streamBytes(.max, consume)
        return true
    }

    /// Passes the next `count` bytes to `consume` (buffered bytes first, then straight from the socket).
    /// - Returns: Whether all `count` arrived before the end of the stream.
    private func streamBytes(_ count: Int, _ consume: (UnsafeRawBufferPointer) -> Void) throws -> Bool {
        var remaining = count
        let buffered = min(remaining, pending.count)
        pending[0..<buffered].withUnsafeBytes(consume)
        pending.removeFirst(buffered)
        remaining -= buffered
        var buffer = [UInt8](repeating: 0, count: 256 * 1024)
        while remaining > 0 {
            if ssl != nil {
                guard try fill() else { return false }
                let taken = min(remaining, pending.count)
                pending[0..<taken].withUnsafeBytes(consume)
                pending.removeFirst(taken)
                remaining -= taken
                continue
            }
            let received = recv(fd, &buffer, min(buffer.count, remaining), 0)
            if received < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) {
                throw TestClientError(description: "read timed out")
            }
            guard received > 0 else { return false }
            buffer[0..<received].withUnsafeBytes(consume)
            remaining -= received
        }
        return true
    }
}
