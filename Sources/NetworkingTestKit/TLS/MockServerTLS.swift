import CNetworkingTestKitShim
import COpenSSL
import Foundation
import Glibc

/// The server side of ``MockServer``'s TLS: one OpenSSL context holding the certificate, its key, and the extra
/// chain certificates sent after it.
///
/// TLS 1.2 or later; ALPN answers only `http/1.1`, so clients speak HTTP/1.1; session tickets stay on.
// @unchecked Sendable: the SSL_CTX is configured in init and afterwards only passed to SSL_new (thread-safe).
final class MockServerTLS: @unchecked Sendable {
    /// The configured `SSL_CTX`.
    let context: OpaquePointer

    /// Ignores SIGPIPE once per process: OpenSSL's socket BIO writes with `write(2)`, which would
    /// raise it when a client has gone.
    private static let ignoreBrokenPipes: Void = {
        _ = signal(SIGPIPE, SIG_IGN)
    }()

    init(certificate: TestCertificate, chain: [TestCertificate] = []) throws {
        Self.ignoreBrokenPipes
        guard let context = SSL_CTX_new(TLS_server_method()) else { throw Self.failure("SSL_CTX_new failed") }
        self.context = context
        guard ns_server_configure_context(context) == 1 else { throw Self.failure("configuring the context failed") }
        let sessionContext = Array("NetworkingTestKit.MockServer".utf8)
        _ = SSL_CTX_set_session_id_context(context, sessionContext, UInt32(sessionContext.count))

        guard let x509 = Self.parse(certificate.der) else { throw Self.failure("the certificate does not parse") }
        defer { X509_free(x509) }
        guard SSL_CTX_use_certificate(context, x509) == 1 else { throw Self.failure("SSL_CTX_use_certificate failed") }
        // Sent in the given order after the certificate; the context keeps its own references.
        for (index, extra) in chain.enumerated() {
            guard let chainX509 = Self.parse(extra.der) else {
                throw Self.failure("chain certificate #\(index) does not parse")
            }
            defer { X509_free(chainX509) }
            guard ns_server_add_chain_certificate(context, chainX509) == 1 else {
                throw Self.failure("adding chain certificate #\(index) failed")
            }
        }

        let key = OpenSSLSupport.readFromMemory(Data(certificate.privateKeyPEM.utf8)) {
            PEM_read_bio_PrivateKey($0, nil, nil, nil)
        }
        guard let key else { throw Self.failure("the private key does not parse") }
        defer { EVP_PKEY_free(key) }
        guard SSL_CTX_use_PrivateKey(context, key) == 1, SSL_CTX_check_private_key(context) == 1 else {
            throw Self.failure("the private key does not match the certificate")
        }
    }

    deinit {
        SSL_CTX_free(context)
    }

    /// Parses DER bytes into an owned `X509` (free it with `X509_free`), or `nil`.
    private static func parse(_ der: Data) -> OpaquePointer? {
        der.withUnsafeBytes { bytes -> OpaquePointer? in
            var cursor = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return d2i_X509(nil, &cursor, bytes.count)
        }
    }

    private static func failure(_ what: String) -> MockServerError {
        MockServerError(code: .tls, message: "\(what) (\(OpenSSLSupport.lastError()))")
    }
}
