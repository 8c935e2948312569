import CNetworkingShim
import COpenSSL

/// The pin check of one transfer: the pinned set, the host, and the first failure seen, so that the
/// transport can report served and expected pins after curl aborts.
///
/// Both the handshake's verify callback and the pre-request check of a (possibly reused) connection run
/// ``verify(leaf:chain:securityLevel:)``. An SSL_CTX keeps its own reference (released when curl frees it),
/// so a later renegotiation on a pooled connection never reaches a freed object.
final class PinCheck: Sendable {
    /// The pinned set.
    let pins: PinSet
    /// The host the transfer connects to, for messages.
    let host: String
    private let failure = Locked<(verdict: PinVerifier.Verdict, servedPins: [String])?>(nil)

    /// Creates a check.
    /// - Parameters:
    ///   - pins: The pinned set.
    ///   - host: The host.
    init(pins: PinSet, host: String) {
        self.pins = pins
        self.host = host
    }

    /// Verifies a served chain, recording the first failure.
    /// - Parameters:
    ///   - leaf: The server's certificate (borrowed).
    ///   - chain: The served `STACK_OF(X509)` (borrowed), or `nil`.
    ///   - securityLevel: The connection's security level, or `nil`.
    /// - Returns: Whether the chain is accepted.
    func verify(leaf: OpaquePointer, chain: OpaquePointer?, securityLevel: Int32?) -> Bool {
        let result = PinVerifier.verify(leaf: leaf, chain: chain, securityLevel: securityLevel, pins: pins)
        if result.verdict == .accepted {
            return true
        }
        failure.withLock { recorded in
            if recorded == nil {
                recorded = result
            }
        }
        return false
    }

    /// Verifies the peer of an established (new, reused or resumed) TLS connection.
    /// - Parameter ssl: The connection's `SSL *` (borrowed).
    /// - Returns: Whether the connection may carry this transfer's request.
    func verify(connection ssl: OpaquePointer) -> Bool {
        // A connection this pinned set already accepted (in its handshake or before an earlier request) has the
        // same peer: the chain check, the costliest part of a reused connection's request, is not run again.
        if Self.verifiedIndex >= 0, SSL_get_ex_data(ssl, Self.verifiedIndex) == marker {
            return true
        }
        guard let leaf = SSL_get0_peer_certificate(ssl) else {
            record(.noPinMatched("the connection has no server certificate"), servedPins: [])
            return false
        }
        let accepted = verify(
            leaf: leaf, chain: SSL_get_peer_cert_chain(ssl), securityLevel: SSL_get_security_level(ssl))
        if accepted {
            markVerified(ssl)
        }
        return accepted
    }

    /// Marks a connection as accepted by this check's pinned set.
    /// - Parameter ssl: The connection's `SSL *` (borrowed).
    func markVerified(_ ssl: OpaquePointer) {
        if Self.verifiedIndex >= 0 {
            SSL_set_ex_data(ssl, Self.verifiedIndex, marker)
        }
    }

    /// The value a connection accepted by this pinned set carries in its ``verifiedIndex`` slot.
    private var marker: UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: pins.identifier)
    }

    /// The SSL ex_data slot marking accepted connections, or -1.
    private static let verifiedIndex = ns_ssl_verified_index()

    /// Records a failure found outside chain verification (for example, no TLS at all).
    /// - Parameters:
    ///   - verdict: The failure.
    ///   - servedPins: The served pins, if known.
    func record(_ verdict: PinVerifier.Verdict, servedPins: [String]) {
        failure.withLock { recorded in
            if recorded == nil {
                recorded = (verdict, servedPins)
            }
        }
    }

    /// The error for the recorded failure, or `nil` when no check failed: a ``PinningFailure`` when nothing
    /// served was pinned, a ``TransportError`` (`.tlsHandshakeFailed`) when a pinned chain did not validate.
    var recordedError: (any Error)? {
        guard let recorded = failure.withLock({ $0 }) else {
            return nil
        }
        switch recorded.verdict {
        case .accepted:
            return nil
        case .noPinMatched(let reason):
            return PinningFailure(
                host: host, servedPins: recorded.servedPins, expectedPins: pins.pins,
                reason: "\(reason); pins loaded from \(pins.origin)")
        case .chainInvalid(let reason):
            return TransportError(
                code: .tlsHandshakeFailed,
                message: "TLS with \(host) failed: \(reason) (served: \(recorded.servedPins.joined(separator: ", ")))")
        }
    }
}
