import CNetworkingShim
import COpenSSL

/// Decides whether a served certificate chain satisfies a ``PinSet``.
///
/// Accepted only when the chain validates (signatures, validity dates, TLS server purpose, the SSL security
/// level) up to an anchor that is pinned: either one of the pinned certificates itself (so a self-signed or an
/// intermediate pinned certificate anchors the chain), or a served certificate whose public key is pinned.
/// Pins are checked against the *validated* chain, never against whatever extra certificates the server sent.
/// The host name is checked by curl (`SSL_VERIFYHOST=2`) after the handshake, before any request byte.
enum PinVerifier {
    /// The verdict on one chain.
    enum Verdict: Sendable, Equatable {
        /// The chain validates up to a pinned anchor.
        case accepted
        /// No certificate of the chain is pinned.
        case noPinMatched(String)
        /// A served certificate is pinned but the chain does not validate (for example, it expired).
        case chainInvalid(String)
    }

    /// Verifies a served chain.
    /// - Parameters:
    ///   - leaf: The server's certificate (borrowed).
    ///   - chain: The certificates the server sent (a `STACK_OF(X509)`, borrowed), or `nil`.
    ///   - securityLevel: The connection's OpenSSL security level, or `nil` for the default.
    ///   - pins: The pinned set.
    /// - Returns: The verdict and the served certificates' pins.
    static func verify(
        leaf: OpaquePointer, chain: OpaquePointer?, securityLevel: Int32?, pins: PinSet
    ) -> (verdict: Verdict, servedPins: [String]) {
        var served = (0..<ns_x509_stack_count(chain)).compactMap { ns_x509_stack_get(chain, $0) }
        if !served.contains(where: { X509_cmp($0, leaf) == 0 }) {
            served.insert(leaf, at: 0)
        }
        let anchored = validate(leaf: leaf, chain: chain, anchors: pins.anchors, securityLevel: securityLevel)
        guard let anchoredError = anchored else {
            // The served pins only go in failure messages: not worked out for the common case.
            return (.accepted, [])
        }
        let servedPins = served.map(Certificate.pin(of:))
        let pinnedServed = served.filter(pins.matches)
        guard !pinnedServed.isEmpty else {
            return (
                .noPinMatched(
                    "no certificate the server presented is pinned, and its chain does not lead to a pinned "
                        + "certificate (\(anchoredError))"),
                servedPins
            )
        }
        // A served certificate with a pinned key (for example a renewed certificate) anchors the chain itself.
        guard let store = X509_STORE_new() else {
            return (.chainInvalid("OpenSSL could not create a trust store"), servedPins)
        }
        defer { X509_STORE_free(store) }
        for certificate in pinnedServed {
            X509_STORE_add_cert(store, certificate)
        }
        if let error = validate(leaf: leaf, chain: chain, anchors: store, securityLevel: securityLevel) {
            return (
                .chainInvalid("a served certificate is pinned but the chain does not validate: \(error)"), servedPins
            )
        }
        return (.accepted, [])
    }

    /// Runs OpenSSL's chain validation with `anchors` as the only trust anchors (partial chains allowed).
    /// - Returns: `nil` when the chain validates, else OpenSSL's reason.
    private static func validate(
        leaf: OpaquePointer, chain: OpaquePointer?, anchors: OpaquePointer, securityLevel: Int32?
    ) -> String? {
        guard let context = X509_STORE_CTX_new() else {
            return "OpenSSL could not create a verification context"
        }
        defer {
            X509_STORE_CTX_free(context)
            ERR_clear_error()
        }
        guard X509_STORE_CTX_init(context, anchors, leaf, chain) == 1 else {
            return "OpenSSL could not start verification"
        }
        X509_STORE_CTX_set_default(context, "ssl_server")
        let parameters = X509_STORE_CTX_get0_param(context)
        X509_VERIFY_PARAM_set_flags(parameters, UInt(X509_V_FLAG_PARTIAL_CHAIN))
        if let securityLevel {
            X509_VERIFY_PARAM_set_auth_level(parameters, securityLevel)
        }
        if X509_verify_cert(context) == 1 {
            return nil
        }
        let error = X509_STORE_CTX_get_error(context)
        return String(cString: X509_verify_cert_error_string(Int(error)))
    }
}
