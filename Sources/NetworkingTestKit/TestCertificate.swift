public import Foundation

/// A certificate and its private key, generated with OpenSSL at run time or loaded, for
/// ``MockServer``'s TLS and for pinning tests.
///
/// ```swift
/// let certificate = try TestCertificate.selfSigned(commonName: "localhost")
/// let server = try MockServer(tls: certificate)
/// let pinned = PinnedCertificates.certificates([certificate.der])
/// certificate.spkiPin    // "sha256/…", the form PinningFailure reports
/// ```
public struct TestCertificate: Sendable, Equatable {
    /// The certificate, DER-encoded.
    public let der: Data
    /// The certificate, PEM-encoded (`-----BEGIN CERTIFICATE-----`).
    public let pem: String
    /// The private key, PEM-encoded PKCS #8 (`-----BEGIN PRIVATE KEY-----`), unencrypted.
    public let privateKeyPEM: String
    /// `sha256/` followed by the base64 SHA-256 of the DER SubjectPublicKeyInfo: the pin form
    /// used by `PinnedCertificates` and `PinningFailure`.
    public let spkiPin: String
    /// The subject common name.
    public let commonName: String
    /// The subject alternative names: DNS names, then IP addresses as OpenSSL prints them, in
    /// certificate order.
    public let subjectAltNames: [String]

    /// Generates a self-signed X509 v3 certificate with a new EC P-256 key: a random serial,
    /// valid from one day ago for one year, `CN=commonName`, the alternative names (an entry that
    /// parses as an IPv4 or IPv6 address goes in as an IP address, any other as a DNS name),
    /// `basicConstraints CA:TRUE` and `extendedKeyUsage serverAuth`, signed with SHA-256.
    /// - Parameters:
    ///   - commonName: The subject common name (1 to 64 bytes).
    ///   - subjectAltNames: DNS names and IP addresses; none may contain a comma.
    /// - Returns: The certificate with its key.
    /// - Throws: ``MockServerError`` with code `.certificate` when a name is invalid or OpenSSL fails.
    public static func selfSigned(
        commonName: String,
        subjectAltNames: [String] = ["localhost", "127.0.0.1"]
    ) throws -> TestCertificate {
        try CertificateBuilder.selfSigned(commonName: commonName, subjectAltNames: subjectAltNames)
    }

    /// Loads a certificate and its private key, for example a certificate shipped with a demo.
    /// - Parameters:
    ///   - der: The certificate, DER-encoded.
    ///   - privateKeyPEM: The matching private key, PEM-encoded (PKCS #8 or traditional), unencrypted.
    /// - Throws: ``MockServerError`` with code `.certificate` when either does not parse or they do not match.
    public init(der: Data, privateKeyPEM: String) throws {
        self = try CertificateBuilder.load(der: der, privateKeyPEM: privateKeyPEM)
    }

    /// Loads a PEM certificate (the first in `pem`) and its private key.
    /// - Parameters:
    ///   - pem: The certificate, PEM-encoded.
    ///   - privateKeyPEM: The matching private key, PEM-encoded, unencrypted.
    /// - Throws: ``MockServerError`` with code `.certificate` when either does not parse or they do not match.
    public init(pem: String, privateKeyPEM: String) throws {
        self = try CertificateBuilder.load(pem: pem, privateKeyPEM: privateKeyPEM)
    }

    init(
        der: Data, pem: String, privateKeyPEM: String, spkiPin: String, commonName: String, subjectAltNames: [String]
    ) {
        self.der = der
        self.pem = pem
        self.privateKeyPEM = privateKeyPEM
        self.spkiPin = spkiPin
        self.commonName = commonName
        self.subjectAltNames = subjectAltNames
    }
}
