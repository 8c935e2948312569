import COpenSSL
import Foundation
import Glibc

/// One accepted connection's byte stream, plain or TLS, over a non-blocking socket.
///
/// Every wait lasts at most one poll interval before `isStopped` is checked again, so a server
/// shutdown ends reads, writes, handshakes and stalls promptly. Owned by one connection thread.
final class MockServerStream {
    let fd: Int32
    private var ssl: OpaquePointer?
    private let isStopped: () -> Bool
    private var closed = false

    /// The longest a TLS handshake may take.
    static let handshakeTimeout: TimeInterval = 10
    /// How long a normal close waits for the client to close its side, so unread bytes do not
    /// turn the close into a reset that could destroy the response in flight.
    static let lingerTimeout: TimeInterval = 1

    init(fd: Int32, isStopped: @escaping () -> Bool) {
        self.fd = fd
        self.isStopped = isStopped
    }

    deinit {
        close(graceful: false)
    }

    /// Runs the TLS server handshake.
    /// - Returns: Whether it succeeded; on failure the stream must be closed.
    func handshake(_ tls: MockServerTLS) -> Bool {
        guard let ssl = SSL_new(tls.context) else { return false }
        self.ssl = ssl
        guard SSL_set_fd(ssl, fd) == 1 else { return false }
        SSL_set_accept_state(ssl)
        let deadline = Date(timeIntervalSinceNow: Self.handshakeTimeout)
        while Date() < deadline {
            ERR_clear_error()
            let result = SSL_do_handshake(ssl)
            if result == 1 {
                return true
            }
            guard waitAfterTLSError(result) else { return false }
        }
        return false
    }

    /// Reads what is available, waiting for at least one byte.
    /// - Parameters:
    ///   - buffer: Where the bytes go, from its start.
    ///   - maximum: The most bytes to read (at most the buffer's size).
    /// - Returns: The byte count; 0 at end of stream, on error, or when the server stops.
    func read(into buffer: inout [UInt8], maximum: Int = .max) -> Int {
        let capacity = max(1, min(buffer.count, maximum))
        while !isStopped() {
            if let ssl {
                ERR_clear_error()
                let count = SSL_read(ssl, &buffer, Int32(capacity))
                if count > 0 {
                    return Int(count)
                }
                guard waitAfterTLSError(count) else { return 0 }
            } else {
                let count = recv(fd, &buffer, capacity, 0)
                if count > 0 {
                    return count
                }
                guard count < 0, errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR else { return 0 }
                _ = MockServerSocket.wait(fd, for: Int16(POLLIN))
            }
        }
        return 0
    }

    /// Writes all of `data`.
    /// - Returns: Whether every byte was written (false when the client went away or the server stopped).
    func write(_ data: Data) -> Bool {
        data.withUnsafeBytes { write($0) }
    }

    /// Writes all of `bytes`, in TLS records of at most 16 KiB or plain sends of at most 64 KiB.
    /// - Returns: Whether every byte was written (false when the client went away or the server stopped).
    func write(_ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let step = ssl == nil ? 64 * 1024 : 16 * 1024
        var offset = 0
        while offset < bytes.count {
            guard !isStopped() else { return false }
            let length = min(step, bytes.count - offset)
            let written: Int
            if let ssl {
                ERR_clear_error()
                let count = SSL_write(ssl, base + offset, Int32(length))
                written = count > 0 ? Int(count) : (waitAfterTLSError(count) ? 0 : -1)
            } else {
                let count = send(fd, base + offset, length, Int32(MSG_NOSIGNAL))
                if count >= 0 {
                    written = count
                } else if errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR {
                    _ = MockServerSocket.wait(fd, for: Int16(POLLOUT))
                    written = 0
                } else {
                    written = -1
                }
            }
            guard written >= 0 else { return false }
            offset += written
        }
        return true
    }

    /// The outcome of one non-blocking read or write attempt.
    enum Attempt: Equatable {
        /// This many bytes moved (at least one).
        case bytes(Int)
        /// Nothing can move now: wait for the socket.
        case wouldBlock
        /// The connection ended (end of stream, reset, TLS error) or the stream is closed.
        case closed
    }

    /// Whether OpenSSL holds decrypted bytes not read yet: `poll` cannot see them, so a reader must read
    /// again before it waits.
    var hasBufferedInput: Bool {
        guard let ssl else { return false }
        return SSL_pending(ssl) > 0
    }

    /// Reads what is available now, without waiting.
    /// - Parameters:
    ///   - buffer: Where the bytes go.
    ///   - count: The most bytes to read (at least 1).
    /// - Returns: The bytes read, ``Attempt/wouldBlock`` when none are available, or ``Attempt/closed``.
    func readAvailable(into buffer: UnsafeMutableRawPointer, count: Int) -> Attempt {
        guard !closed, count > 0 else { return .closed }
        if let ssl {
            ERR_clear_error()
            let result = SSL_read(ssl, buffer, Int32(clamping: count))
            return result > 0 ? .bytes(Int(result)) : tlsAttempt(result)
        }
        let result = recv(fd, buffer, count, 0)
        if result > 0 {
            return .bytes(result)
        }
        return result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? .wouldBlock : .closed
    }

    /// Writes what the socket takes now, without waiting. With TLS a write is all or nothing (OpenSSL retries
    /// a blocked record when called again with the same bytes at the same or a moved address).
    /// - Parameters:
    ///   - bytes: The bytes to write.
    ///   - count: How many (at least 1).
    /// - Returns: The bytes written, ``Attempt/wouldBlock`` when the socket is full, or ``Attempt/closed``.
    func writeAvailable(_ bytes: UnsafeRawPointer, count: Int) -> Attempt {
        guard !closed, count > 0 else { return .closed }
        if let ssl {
            ERR_clear_error()
            let result = SSL_write(ssl, bytes, Int32(clamping: count))
            return result > 0 ? .bytes(Int(result)) : tlsAttempt(result)
        }
        let result = send(fd, bytes, count, Int32(MSG_NOSIGNAL))
        if result > 0 {
            return .bytes(result)
        }
        return result < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? .wouldBlock : .closed
    }

    /// Classifies a failed OpenSSL read or write.
    private func tlsAttempt(_ result: Int32) -> Attempt {
        guard let ssl else { return .closed }
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ, SSL_ERROR_WANT_WRITE:
            return .wouldBlock
        default:
            ERR_clear_error()
            return .closed
        }
    }

    /// Waits, silent, until the client closes the connection or the server stops; whatever the
    /// client sends meanwhile is discarded.
    func stall() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        while !isStopped() {
            guard MockServerSocket.wait(fd, for: Int16(POLLIN)) != 0 else { continue }
            let count = recv(fd, &scratch, scratch.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return
            }
        }
    }

    /// Closes the connection once.
    /// - Parameter graceful: Whether to send TLS close_notify and wait briefly for the client to
    ///   close; false closes at once (for faults and shutdown).
    func close(graceful: Bool) {
        guard !closed else { return }
        closed = true
        if let ssl {
            if graceful {
                ERR_clear_error()
                _ = SSL_shutdown(ssl)
            }
            SSL_free(ssl)
            self.ssl = nil
        }
        if graceful && !isStopped() {
            _ = shutdown(fd, Int32(SHUT_WR))
            linger()
        }
        _ = Glibc.close(fd)
    }

    private func linger() {
        var scratch = [UInt8](repeating: 0, count: 4096)
        let deadline = Date(timeIntervalSinceNow: Self.lingerTimeout)
        while Date() < deadline && !isStopped() {
            guard MockServerSocket.wait(fd, for: Int16(POLLIN)) != 0 else { continue }
            let count = recv(fd, &scratch, scratch.count, 0)
            if count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) {
                return
            }
        }
    }

    /// After an OpenSSL call returned `result`, waits for the socket when OpenSSL asks to.
    /// - Returns: Whether to retry the call; false on a real error or end of stream.
    private func waitAfterTLSError(_ result: Int32) -> Bool {
        guard let ssl else { return false }
        switch SSL_get_error(ssl, result) {
        case SSL_ERROR_WANT_READ:
            _ = MockServerSocket.wait(fd, for: Int16(POLLIN))
            return !isStopped()
        case SSL_ERROR_WANT_WRITE:
            _ = MockServerSocket.wait(fd, for: Int16(POLLOUT))
            return !isStopped()
        default:
            ERR_clear_error()
            return false
        }
    }
}
