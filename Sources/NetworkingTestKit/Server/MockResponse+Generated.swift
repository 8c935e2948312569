public import Foundation
import Networking

extension MockResponse {
    /// The length of the generated pattern's period: a prime, so that no power-of-two buffer or chunk size
    /// lines up with it and a lost, repeated or reordered block changes the bytes a client sees.
    static let generatedPatternPeriod = 1_000_003

    /// One period of the generated pattern: pseudo-random bytes from a fixed seed (xorshift32).
    static let generatedPattern: Data = {
        var bytes = [UInt8](repeating: 0, count: generatedPatternPeriod)
        var state: UInt32 = 0x9E37_79B9
        for index in bytes.indices {
            state ^= state << 13
            state ^= state >> 17
            state ^= state << 5
            bytes[index] = UInt8(truncatingIfNeeded: state >> 24)
        }
        return Data(bytes)
    }()

    /// A response whose body is `size` bytes of a deterministic pattern, written as it is sent and never held
    /// in memory, for download tests of any size (gigabytes included) with flat memory.
    ///
    /// ```swift
    /// server.enqueue(.generated(size: 1 << 30))                              // 1 GiB with Content-Length
    /// server.enqueue(.generated(size: 10_000_000, chunked: true).throttled(bytesPerSecond: 1 << 20))
    /// // … download it …
    /// #expect(sha256OfTheFile == MockResponse.generatedBodySHA256(size: 1 << 30))
    /// ```
    /// The body is the pattern ``generatedBody(size:)`` returns (compare small downloads with it, large ones
    /// with ``generatedBodySHA256(size:)``). It works with ``delayed(by:)``, ``throttled(bytesPerSecond:)``,
    /// ``chunked(size:)``, ``failing(_:)`` (``Fault/disconnectDuringBody`` cuts it after half its bytes,
    /// ``Fault/disconnectAfterBodyBytes(_:)`` after exactly that many) and with `HEAD` requests (the head
    /// announces the length, no body is sent).
    /// - Parameters:
    ///   - size: The body's length in bytes (0 or more).
    ///   - chunked: Whether to send it with `Transfer-Encoding: chunked` (in 64 KiB chunks) and no
    ///     `Content-Length`.
    ///   - status: The status code.
    ///   - contentType: The `Content-Type` field.
    /// - Returns: The response.
    public static func generated(
        size: Int, chunked: Bool = false, status: Int = 200, contentType: String = "application/octet-stream"
    ) -> MockResponse {
        var response = MockResponse(status: status, headers: ["Content-Type": contentType])
        response.generatedBodySize = max(0, size)
        if chunked {
            response.chunkSize = 64 * 1024
        }
        return response
    }

    /// The SHA-256 of the first `size` bytes of the pattern ``generated(size:chunked:status:contentType:)``
    /// sends, as 64 lowercase hex digits; computed on each call, in time proportional to `size` (about a
    /// second per GiB), in constant memory.
    /// - Parameter size: The number of bytes.
    /// - Returns: The hex digest.
    public static func generatedBodySHA256(size: Int) -> String {
        let hasher = SHA256Hasher()
        _ = forEachGeneratedPiece(size: size, maximumPiece: 1 << 20) { piece in
            hasher.update(piece)
            return true
        }
        return hasher.hexDigest()
    }

    /// The first `size` bytes of the pattern ``generated(size:chunked:status:contentType:)`` sends, in memory:
    /// for comparing small bodies byte for byte, or for uploading the pattern.
    /// - Parameter size: The number of bytes.
    /// - Returns: The bytes.
    public static func generatedBody(size: Int) -> Data {
        var body = Data(capacity: max(0, size))
        _ = forEachGeneratedPiece(size: size, maximumPiece: 1 << 20) { piece in
            body.append(piece)
            return true
        }
        return body
    }

    /// Passes the first `size` bytes of the generated pattern to `body` in order, in pieces of at most
    /// `maximumPiece` bytes that share the pattern's storage (no copies).
    /// - Returns: false as soon as `body` returns false, else true.
    static func forEachGeneratedPiece(size: Int, maximumPiece: Int, _ body: (Data) -> Bool) -> Bool {
        let pattern = generatedPattern
        var sent = 0
        while sent < size {
            let start = sent % generatedPatternPeriod
            let count = min(size - sent, maximumPiece, generatedPatternPeriod - start)
            guard body(pattern[(pattern.startIndex + start)..<(pattern.startIndex + start + count)]) else {
                return false
            }
            sent += count
        }
        return true
    }
}
