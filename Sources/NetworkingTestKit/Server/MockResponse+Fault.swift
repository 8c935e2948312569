public import Foundation

extension MockResponse {
    /// A way for a response to fail, for testing a client's error handling.
    public enum Fault: Sendable, Equatable {
        /// Close the connection without writing a byte.
        case disconnectAtStart
        /// Write the head with the full `Content-Length` and part of the body (half, rounded
        /// down), then close. An empty body is announced as one byte so the body is always cut short.
        /// A chunked body is cut after half its bytes, inside a chunk.
        case disconnectDuringBody
        /// Write the head with the full `Content-Length` and exactly this many bytes of the body, then
        /// close, so that a client sees exactly that many body bytes; for resumed-download and
        /// partial-file tests. A chunked body is cut inside a chunk after this many bytes of content (chunk
        /// framing not counted). When the body has no more bytes than this, all of it is sent, then the
        /// connection is closed.
        ///
        /// ```swift
        /// server.enqueue(.generated(size: 10_000_000).failing(.disconnectAfterBodyBytes(4096)))
        /// ```
        case disconnectAfterBodyBytes(Int)
        /// Never answer: keep the connection open, silent, until the client closes it or the
        /// server shuts down.
        case stall
    }

    /// A copy that waits before writing anything; the wait ends early when the server shuts down.
    /// Delays add up when chained.
    /// - Parameter seconds: The delay.
    /// - Returns: The delayed response.
    public func delayed(by seconds: TimeInterval) -> MockResponse {
        var response = self
        response.delay += max(0, seconds)
        return response
    }

    /// A copy whose bytes (head and body) drip out at about `bytesPerSecond`.
    /// - Parameter bytesPerSecond: The rate (at least 1).
    /// - Returns: The throttled response.
    public func throttled(bytesPerSecond: Int) -> MockResponse {
        var response = self
        response.bytesPerSecond = max(1, bytesPerSecond)
        return response
    }

    /// A copy that fails in the given way.
    /// - Parameter fault: How to fail.
    /// - Returns: The failing response.
    public func failing(_ fault: Fault) -> MockResponse {
        var response = self
        response.fault = fault
        return response
    }
}
