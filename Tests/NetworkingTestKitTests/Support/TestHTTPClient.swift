import CNetworkingShim
import CNetworkingTestKitShim
import COpenSSL
import Foundation
import Glibc
import Networking
import NetworkingTestKit

/// A tiny blocking HTTP/1.1 client for testing MockServer: a POSIX socket to 127.0.0.1 with
/// 5-second timeouts, optionally wrapped in an OpenSSL client connection. Run it off the
/// cooperative pool with `onThread`.
final class TestHTTPClient {
    let fd: Int32
    private var context: OpaquePointer?
    var ssl: OpaquePointer?
    var pending: [UInt8] = []

    init(port: Int, timeout: TimeInterval = 5) throws {
        fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw TestClientError(description: "socket failed") }
        var interval = timeval(tv_sec: Int(timeout), tv_usec: 0)
        let size = socklen_t(MemoryLayout<timeval>.size)
        _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &interval, size)
        _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &interval, size)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            // No close here: the object is fully initialised, so deinit runs and closes the socket once.
            throw TestClientError(description: "connect to port \(port) failed: errno \(errno)")
        }
    }

    deinit {
        close()
    }

    /// Runs the TLS client handshake, verifying the server against `trusted` (or not verifying when nil).
    func startTLS(trusting trusted: TestCertificate?, hostName: String = "localhost") throws {
        guard let context = SSL_CTX_new(TLS_client_method()) else { throw TestClientError(description: "SSL_CTX_new") }
        self.context = context
        _ = ns_server_configure_client_context(context)
        if let trusted {
            let x509 = trusted.der.withUnsafeBytes { bytes -> OpaquePointer? in
                var cursor = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
                return d2i_X509(nil, &cursor, bytes.count)
            }
            guard let x509 else { throw TestClientError(description: "bad trusted certificate") }
            _ = X509_STORE_add_cert(SSL_CTX_get_cert_store(context), x509)
            X509_free(x509)
            SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        }
        var protocols: [UInt8] = [8] + Array("http/1.1".utf8)
        _ = SSL_CTX_set_alpn_protos(context, &protocols, UInt32(protocols.count))
        guard let ssl = SSL_new(context) else { throw TestClientError(description: "SSL_new") }
        self.ssl = ssl
        _ = ns_server_set_host_name(ssl, hostName)
        _ = SSL_set_fd(ssl, fd)
        guard SSL_connect(ssl) == 1 else {
            ERR_clear_error()
            throw TestClientError(description: "TLS handshake failed")
        }
    }

    /// The ALPN protocol the server selected, if any.
    var negotiatedProtocol: String? {
        guard let ssl else { return nil }
        var data: UnsafePointer<UInt8>?
        var length: UInt32 = 0
        SSL_get0_alpn_selected(ssl, &data, &length)
        guard let data, length > 0 else { return nil }
        return String(decoding: UnsafeBufferPointer(start: data, count: Int(length)), as: UTF8.self)
    }

    /// The certificate the server presented, DER-encoded.
    var peerCertificateDER: Data? {
        guard let ssl, let x509 = SSL_get1_peer_certificate(ssl) else { return nil }
        defer { X509_free(x509) }
        return Self.der(of: x509)
    }

    /// The certificates the server sent in its handshake, in order (its certificate first), DER-encoded.
    var peerChainDER: [Data] {
        guard let ssl else { return [] }
        let chain = SSL_get_peer_cert_chain(ssl)
        return (0..<ns_x509_stack_count(chain)).compactMap { ns_x509_stack_get(chain, $0).flatMap(Self.der(of:)) }
    }

    private static func der(of x509: OpaquePointer) -> Data? {
        let length = i2d_X509(x509, nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        _ = bytes.withUnsafeMutableBufferPointer { buffer in
            var cursor = buffer.baseAddress
            return i2d_X509(x509, &cursor)
        }
        return Data(bytes)
    }

    func send(_ text: String) throws {
        try send(Data(text.utf8))
    }

    func send(_ data: Data) throws {
        let bytes = [UInt8](data)
        var offset = 0
        while offset < bytes.count {
            let count = bytes[offset...].withUnsafeBytes { buffer -> Int in
                if let ssl {
                    return Int(SSL_write(ssl, buffer.baseAddress, Int32(buffer.count)))
                }
                return Glibc.send(fd, buffer.baseAddress, buffer.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw TestClientError(description: "send failed") }
            offset += count
        }
    }

    /// Reads some bytes into `pending`; returns false at end of stream.
    func fill() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 16 * 1024)
        let count: Int
        if let ssl {
            let result = SSL_read(ssl, &chunk, Int32(chunk.count))
            if result <= 0 {
                let error = SSL_get_error(ssl, result)
                ERR_clear_error()
                guard error == SSL_ERROR_ZERO_RETURN || error == SSL_ERROR_SYSCALL || error == SSL_ERROR_SSL else {
                    throw TestClientError(description: "TLS read failed (\(error)), errno \(errno)")
                }
                return false
            }
            count = Int(result)
        } else {
            count = recv(fd, &chunk, chunk.count, 0)
            if count < 0 {
                if errno == EAGAIN || errno == EWOULDBLOCK {
                    throw TestClientError(description: "read timed out")
                }
                return false
            }
        }
        guard count > 0 else { return false }
        pending.append(contentsOf: chunk[0..<count])
        return true
    }

    /// Waits until the server closes the connection, dropping whatever arrives first. It reads the socket itself,
    /// so it also works after a failed TLS handshake.
    /// - Throws: ``TestClientError`` when the server keeps the connection open past the client's timeout.
    func waitForServerToClose() throws {
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 || (count < 0 && errno == ECONNRESET) {
                return
            }
            if count < 0 && errno != EINTR {
                let timedOut = errno == EAGAIN || errno == EWOULDBLOCK
                throw TestClientError(
                    description: timedOut ? "the server kept the connection open" : "read failed: errno \(errno)")
            }
        }
    }

    /// Reads until the server closes the connection; returns every byte not consumed yet.
    func readToEnd() throws -> Data {
        while try fill() {}
        defer { pending = [] }
        return Data(pending)
    }

    func readLine() throws -> String {
        while true {
            if let index = pending.firstIndex(of: 10) {
                let line = pending[..<index].filter { $0 != 13 }
                pending.removeFirst(index + 1)
                return String(decoding: line, as: UTF8.self)
            }
            guard try fill() else { throw TestClientError(description: "connection closed in a line") }
        }
    }

    /// Reads one response framed by Content-Length, chunked encoding, or the end of the stream.
    /// - Parameters:
    ///   - toHead: Read only the head (for HEAD requests and interim responses).
    ///   - skipInterim: Skip `1xx` interim responses.
    func readResponse(toHead: Bool = false, skipInterim: Bool = true) throws -> TestHTTPResponse {
        var statusLine = try readLine()
        var headers = HTTPHeaders()
        while true {
            headers = HTTPHeaders()
            while case let line = try readLine(), !line.isEmpty {
                let parts = line.split(separator: ":", maxSplits: 1)
                headers.add(
                    name: String(parts[0]), value: parts.count > 1 ? parts[1].trimmingCharacters(in: .whitespaces) : "")
            }
            guard skipInterim, statusLine.hasPrefix("HTTP/1.1 1") else { break }
            statusLine = try readLine()  // skip an interim 1xx response
        }
        let parts = statusLine.split(separator: " ")
        guard parts.count >= 2, let status = Int(parts[1]) else {
            throw TestClientError(description: "bad status line \(statusLine)")
        }
        if toHead || (100..<200).contains(status) || status == 204 || status == 304 {
            return TestHTTPResponse(status: status, headers: headers, body: Data())
        }
        var body = Data()
        let complete = try readBody(of: headers) { body.append(contentsOf: $0) }
        guard complete else {
            // A chunked body also ends early at a malformed chunk-size line.
            let announced = headers["Content-Length"].map { " of \($0)" } ?? ""
            throw TestClientError(description: "connection closed after \(body.count)\(announced) bytes")
        }
        return TestHTTPResponse(status: status, headers: headers, body: body)
    }

    /// Sends a request and reads its response.
    func request(
        _ target: String, method: String = "GET", headers: [String: String] = [:], body: Data = Data()
    ) throws -> TestHTTPResponse {
        var head = "\(method) \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            head += "\(name): \(value)\r\n"
        }
        if !body.isEmpty || method == "POST" || method == "PUT" {
            head += "Content-Length: \(body.count)\r\n"
        }
        try send(Data((head + "\r\n").utf8) + body)
        return try readResponse(toHead: method == "HEAD")
    }

    func close() {
        if let ssl {
            SSL_free(ssl)
            self.ssl = nil
        }
        if let context {
            SSL_CTX_free(context)
            self.context = nil
        }
        if fd >= 0 && !closed {
            closed = true
            Glibc.close(fd)
        }
    }

    private var closed = false
}
