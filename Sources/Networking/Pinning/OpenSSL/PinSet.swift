import COpenSSL
import Foundation

/// A pinned set, loaded and parsed once: the certificates, their DER bytes and SPKI SHA-256 digests, and
/// an OpenSSL trust store holding exactly the pinned certificates as anchors.
final class PinSet: @unchecked Sendable {
    // @unchecked Sendable: immutable after init; OpenSSL only reads the X509 objects and the store (it locks its
    // own lookup caches), and both are freed in deinit when no connection can use them any more.

    /// The pinned certificates' DER bytes, in load order.
    let derCertificates: [Data]
    /// The SPKI SHA-256 digests of the pinned certificates.
    let spkiDigests: Set<Data>
    /// The pins, as `"sha256/<base64>"`, in load order.
    let pins: [String]
    /// A number no other pinned set of this process has: marks the connections this set accepted.
    let identifier: Int
    /// Where the pins came from, for messages: the source and the file names.
    let origin: String
    /// The pinned certificates as PEM: given to curl as `CAINFO_BLOB`, which keys its connection reuse.
    let pemBundle: Data
    /// An `X509_STORE` holding the pinned certificates, with partial chains allowed: a chain that reaches any
    /// pinned certificate (leaf, intermediate or root) is anchored.
    let anchors: OpaquePointer
    private let certificates: [OpaquePointer]

    /// Parses every certificate; fails closed on an empty set or a file that is not one DER certificate.
    /// - Parameters:
    ///   - files: The DER bytes with a label (file name) each.
    ///   - source: Where they came from, for messages.
    init(files: [(label: String, der: Data)], source: String) throws(PinningFailure) {
        guard !files.isEmpty else {
            throw PinningFailure(
                host: "", servedPins: [], expectedPins: [],
                reason: "no pinned certificate (.der, .cer or .crt) in \(source); pinning fails closed")
        }
        var parsed: [OpaquePointer] = []
        var pins: [String] = []
        var digests: Set<Data> = []
        for file in files {
            guard let x509 = Certificate.parse(file.der), let digest = Certificate.spkiSHA256(of: x509) else {
                Self.free(parsed)
                throw PinningFailure(
                    host: "", servedPins: [], expectedPins: pins,
                    reason: "pinned certificate \(file.label) in \(source) is not a DER certificate"
                        + (Self.looksLikePEM(file.der) ? " (it is PEM; convert it with openssl x509 -outform der)" : "")
                )
            }
            parsed.append(x509)
            pins.append(Certificate.pin(ofDigest: digest))
            digests.insert(digest)
        }
        guard let store = X509_STORE_new() else {
            Self.free(parsed)
            throw PinningFailure(
                host: "", servedPins: [], expectedPins: pins, reason: "OpenSSL could not create a trust store")
        }
        for x509 in parsed {
            X509_STORE_add_cert(store, x509)
        }
        X509_STORE_set_flags(store, UInt(X509_V_FLAG_PARTIAL_CHAIN))
        ERR_clear_error()
        certificates = parsed
        anchors = store
        derCertificates = files.map(\.der)
        spkiDigests = digests
        self.pins = pins
        identifier = Self.nextIdentifier.withLock { next in
            defer { next += 1 }
            return next
        }
        origin = "\(source) (\(files.map(\.label).joined(separator: ", ")))"
        pemBundle = Certificate.pem(files.map(\.der))
    }

    deinit {
        X509_STORE_free(anchors)
        Self.free(certificates)
    }

    /// Whether a certificate is pinned: its DER equals a pinned certificate or its SPKI digest a pinned one.
    /// - Parameter x509: The certificate.
    func matches(_ x509: OpaquePointer) -> Bool {
        if let digest = Certificate.spkiSHA256(of: x509), spkiDigests.contains(digest) {
            return true
        }
        return Certificate.der(of: x509).map(derCertificates.contains) ?? false
    }

    private static func free(_ certificates: [OpaquePointer]) {
        for certificate in certificates {
            X509_free(certificate)
        }
    }

    private static let nextIdentifier = Locked(1)

    private static func looksLikePEM(_ data: Data) -> Bool {
        data.starts(with: Data("-----BEGIN".utf8))
    }
}
