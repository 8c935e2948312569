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
/// A refused chain is one of two verdicts. Only a chain whose every signature verifies up to a pinned certificate,
/// and that fails on nothing but a validity date (expired, not yet valid), is ``Verdict/chainInvalid(_:)``: the
/// pinned server with an outdated certificate. Every other refusal (nothing pinned, an intermediate missing, a
/// pinned certificate that did not sign the chain, an issuer that is not a CA, the wrong purpose) is
/// ``Verdict/noPinMatched(_:)``: it cannot be told from an impostor, so it is reported as one. OpenSSL checks
/// purposes and CA flags before signatures, so a chain that merely names a pinned issuer proves nothing.
/// The host name is checked by curl (`SSL_VERIFYHOST=2`) after the handshake, before any request byte.
enum PinVerifier {
    /// The verdict on one chain.
    enum Verdict: Sendable, Equatable {
        /// The chain validates up to a pinned anchor.
        case accepted
        /// The chain does not validate up to a pinned certificate, for any reason but its dates.
        case noPinMatched(String)
        /// The chain is signed up to a pinned certificate but is outside a validity date.
        case chainInvalid(String)
    }

    /// Why one validation attempt failed.
    private struct Failure {
        /// OpenSSL's reason.
        let reason: String
        /// Whether the chain OpenSSL built reached a pinned certificate with every signature verified, and failed
        /// only on a validity date: the genuine chain of the pinned server, outdated.
        let isOutdatedGenuineChain: Bool
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
        if !pinnedServed.isEmpty {
            // A served certificate with a pinned key (for example a renewed certificate, even while the pinned copy
            // has expired) anchors the chain itself.
            guard let store = X509_STORE_new() else {
                ERR_clear_error()
                return (.noPinMatched("OpenSSL could not create a trust store"), servedPins)
            }
            defer { X509_STORE_free(store) }
            for certificate in pinnedServed {
                X509_STORE_add_cert(store, certificate)
            }
            guard let second = validate(leaf: leaf, chain: chain, anchors: store, securityLevel: securityLevel) else {
                return (.accepted, [])
            }
            if !failure.isOutdatedGenuineChain {
                failure = second
            }
        }
        if failure.isOutdatedGenuineChain {
            return (
                .chainInvalid("the chain leads to a pinned certificate but does not validate: \(failure.reason)"),
                servedPins
            )
        }
        let bystander = pinnedServed.isEmpty ? "" : "; a pinned certificate was sent but does not anchor the chain"
        return (
            .noPinMatched(
                "the served chain does not validate up to a pinned certificate (\(failure.reason))\(bystander)"),
            servedPins
        )
    }

    /// Runs OpenSSL's chain validation with `anchors` as the only trust anchors (partial chains allowed).
    /// - Returns: `nil` when the chain validates, else OpenSSL's reason and whether the chain reached an anchor.
    private static func validate(
        leaf: OpaquePointer, chain: OpaquePointer?, anchors: OpaquePointer, securityLevel: Int32?
    ) -> Failure? {
        guard let context = X509_STORE_CTX_new() else {
            ERR_clear_error()
            return Failure(reason: "OpenSSL could not create a verification context", isOutdatedGenuineChain: false)
        }
        defer {
            X509_STORE_CTX_free(context)
            ERR_clear_error()
        }
        guard X509_STORE_CTX_init(context, anchors, leaf, chain) == 1 else {
            return Failure(reason: "OpenSSL could not start verification", isOutdatedGenuineChain: false)
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
        return Failure(
            reason: String(cString: X509_verify_cert_error_string(Int(error))),
            isOutdatedGenuineChain: Self.datingErrors.contains(error) && signedUpToAnAnchor(context))
    }

    /// The validation errors about validity dates.
    private static let datingErrors: Set<Int32> = [
        X509_V_ERR_CERT_HAS_EXPIRED, X509_V_ERR_CERT_NOT_YET_VALID, X509_V_ERR_ERROR_IN_CERT_NOT_AFTER_FIELD,
        X509_V_ERR_ERROR_IN_CERT_NOT_BEFORE_FIELD,
    ]

    /// Whether the chain a failed validation built (it stays in the context) reached a trust anchor, and each of
    /// its certificates is signed by the key of the next. OpenSSL may stop before checking signatures (dates of
    /// the anchor, purposes and CA flags come first), so this checks them itself; it never accepts anything.
    private static func signedUpToAnAnchor(_ context: OpaquePointer) -> Bool {
        let built = X509_STORE_CTX_get0_chain(context)
        let count = ns_x509_stack_count(built)
        guard count > X509_STORE_CTX_get_num_untrusted(context) else {
            return false
        }
        return (0..<count - 1).allSatisfy { index in
            guard let certificate = ns_x509_stack_get(built, index),
                let issuerKey = X509_get0_pubkey(ns_x509_stack_get(built, index + 1))
            else {
                return false
            }
            return X509_verify(certificate, issuerKey) == 1
        }
    }
}
