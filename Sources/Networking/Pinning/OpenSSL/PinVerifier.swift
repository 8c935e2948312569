import CNetworkingShim
import COpenSSL

/// Decides whether a served certificate chain satisfies a ``PinSet``.
///
/// Accepted only when the chain validates (signatures, validity dates, TLS server purpose, CA constraints, the SSL
/// security level) up to an anchor that is pinned: either one of the pinned certificates itself (so a pinned root,
/// intermediate or server certificate anchors the chain), or a served certificate whose public key is pinned.
/// Pins are checked against the *validated* chain, never against whatever extra certificates the server sent: a
/// pinned certificate appended to a chain it did not sign anchors nothing.
///
/// A refused chain is one of two verdicts. When the chain does not lead to a pinned certificate (nothing pinned,
/// an intermediate missing, a pinned certificate that did not sign it), ``Verdict/noPinMatched(_:)``: this is not
/// the pinned server. When it does lead to one but does not validate (expired, not yet valid, an issuer that is
/// not a CA, the wrong purpose), ``Verdict/chainInvalid(_:)``: the pinned server with a broken certificate.
/// The host name is checked by curl (`SSL_VERIFYHOST=2`) after the handshake, before any request byte.
enum PinVerifier {
    /// The verdict on one chain.
    enum Verdict: Sendable, Equatable {
        /// The chain validates up to a pinned anchor.
        case accepted
        /// The chain does not lead to a pinned certificate.
        case noPinMatched(String)
        /// The chain leads to a pinned certificate but does not validate (for example, it expired).
        case chainInvalid(String)
    }

    /// Why one validation attempt failed.
    private struct Failure {
        /// OpenSSL's reason.
        let reason: String
        /// Whether the chain OpenSSL built reached a trust anchor (a pinned certificate), so that the failure is
        /// about the chain's validity rather than about whom it leads to.
        let anchored: Bool
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
        guard var failure = validate(leaf: leaf, chain: chain, anchors: pins.anchors, securityLevel: securityLevel)
        else {
            // The served pins only go in failure messages: not worked out for the common case.
            return (.accepted, [])
        }
        var served = (0..<ns_x509_stack_count(chain)).compactMap { ns_x509_stack_get(chain, $0) }
        if !served.contains(where: { X509_cmp($0, leaf) == 0 }) {
            served.insert(leaf, at: 0)
        }
        let servedPins = served.map(Certificate.pin(of:))
        let pinnedServed = served.filter(pins.matches)
        if !failure.anchored, !pinnedServed.isEmpty {
            // A served certificate with a pinned key (for example a renewed certificate) anchors the chain itself.
            guard let store = X509_STORE_new() else {
                return (.chainInvalid("OpenSSL could not create a trust store"), servedPins)
            }
            defer { X509_STORE_free(store) }
            for certificate in pinnedServed {
                X509_STORE_add_cert(store, certificate)
            }
            guard let second = validate(leaf: leaf, chain: chain, anchors: store, securityLevel: securityLevel) else {
                return (.accepted, [])
            }
            failure = second
        }
        if failure.anchored {
            return (
                .chainInvalid("the chain leads to a pinned certificate but does not validate: \(failure.reason)"),
                servedPins
            )
        }
        let bystander = pinnedServed.isEmpty ? "" : "; a pinned certificate was sent but does not anchor the chain"
        return (
            .noPinMatched("the served chain does not lead to a pinned certificate (\(failure.reason))\(bystander)"),
            servedPins
        )
    }

    /// Runs OpenSSL's chain validation with `anchors` as the only trust anchors (partial chains allowed).
    /// - Returns: `nil` when the chain validates, else OpenSSL's reason and whether the chain reached an anchor.
    private static func validate(
        leaf: OpaquePointer, chain: OpaquePointer?, anchors: OpaquePointer, securityLevel: Int32?
    ) -> Failure? {
        guard let context = X509_STORE_CTX_new() else {
            return Failure(reason: "OpenSSL could not create a verification context", anchored: false)
        }
        defer {
            X509_STORE_CTX_free(context)
            ERR_clear_error()
        }
        guard X509_STORE_CTX_init(context, anchors, leaf, chain) == 1 else {
            return Failure(reason: "OpenSSL could not start verification", anchored: false)
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
        // The chain OpenSSL built stays in the context after a failure; it reached an anchor when it holds more
        // certificates than the untrusted ones it started with. A signature that does not verify means the
        // anchor found by name did not sign the chain: an impostor, not an anchored chain.
        let built = ns_x509_stack_count(X509_STORE_CTX_get0_chain(context))
        let reachedAnchor = built > X509_STORE_CTX_get_num_untrusted(context)
        let signatureFailed = [
            X509_V_ERR_CERT_SIGNATURE_FAILURE, X509_V_ERR_UNABLE_TO_DECRYPT_CERT_SIGNATURE,
            X509_V_ERR_UNABLE_TO_DECODE_ISSUER_PUBLIC_KEY,
        ].contains(error)
        return Failure(
            reason: String(cString: X509_verify_cert_error_string(Int(error))),
            anchored: reachedAnchor && !signatureFailed)
    }
}
