import CCurl
import CNetworkingShim
import COpenSSL

/// The C callbacks that put a ``PinCheck`` inside OpenSSL's handshake. Each takes its context through an
/// `Unmanaged` user pointer and captures nothing.
enum PinningHooks {
    /// `CURLOPT_SSL_CTX_FUNCTION`: runs for every new TLS connection of a pinned transfer, before the handshake.
    ///
    /// It forces `SSL_VERIFY_PEER` (with `SSL_VERIFY_NONE`, OpenSSL ignores a failing verify callback), installs
    /// ``certificateVerify`` in place of OpenSSL's chain validation, refuses TLS 1.2 renegotiation (the peer may
    /// not swap its certificate after the verified handshake), and hands the SSL_CTX its own reference to the
    /// check, released when curl frees the context. The context's trust store is never modified: curl may share
    /// it between connections (its CA cache).
    static let sslContext: ns_curl_ssl_ctx_callback = { _, sslContext, userPointer in
        guard let sslContext, let userPointer, ownedIndex >= 0 else {
            return CURLE_SSL_CERTPROBLEM
        }
        let context = OpaquePointer(sslContext)
        let check = Unmanaged<PinCheck>.fromOpaque(userPointer).takeUnretainedValue()
        let owned = Unmanaged.passRetained(check).toOpaque()
        guard SSL_CTX_set_ex_data(context, ownedIndex, owned) == 1 else {
            Unmanaged<PinCheck>.fromOpaque(owned).release()
            return CURLE_SSL_CERTPROBLEM
        }
        SSL_CTX_set_verify(context, SSL_VERIFY_PEER, nil)
        SSL_CTX_set_cert_verify_callback(context, certificateVerify, owned)
        ns_ssl_ctx_refuse_renegotiation(context)
        return CURLE_OK
    }

    /// `SSL_CTX_set_cert_verify_callback`: replaces OpenSSL's chain validation with ``PinCheck``.
    static let certificateVerify: @convention(c) (OpaquePointer?, UnsafeMutableRawPointer?) -> Int32 = {
        storeContext, userPointer in
        guard let storeContext else {
            return 0
        }
        guard let userPointer, let leaf = X509_STORE_CTX_get0_cert(storeContext) else {
            X509_STORE_CTX_set_error(storeContext, X509_V_ERR_APPLICATION_VERIFICATION)
            return 0
        }
        let check = Unmanaged<PinCheck>.fromOpaque(userPointer).takeUnretainedValue()
        let ssl = ns_x509_store_ctx_ssl(storeContext)
        let accepted = check.verify(
            leaf: leaf, chain: X509_STORE_CTX_get0_untrusted(storeContext),
            securityLevel: ssl.map { SSL_get_security_level($0) })
        X509_STORE_CTX_set_error(storeContext, accepted ? X509_V_OK : X509_V_ERR_APPLICATION_VERIFICATION)
        if accepted, let ssl {
            check.markVerified(ssl)
        }
        return accepted ? 1 : 0
    }

    /// Releases the reference an SSL_CTX held, when OpenSSL frees the context.
    private static let release: ns_release_callback = { pointer in
        if let pointer {
            Unmanaged<PinCheck>.fromOpaque(pointer).release()
        }
    }

    /// The SSL_CTX ex_data slot that owns a ``PinCheck`` reference.
    private static let ownedIndex: Int32 = ns_ssl_ctx_owned_index(release)
}
