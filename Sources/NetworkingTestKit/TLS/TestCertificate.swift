public import Foundation

/// A certificate and its private key, generated with OpenSSL at run time or loaded, for
/// ``MockServer``'s TLS and for pinning tests: self-signed, or a chain of a root authority, intermediates
/// and a server certificate.
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
    /// valid from one day ago for one year unless told otherwise, `CN=commonName`, the alternative names
    /// (an entry that parses as an IPv4 or IPv6 address goes in as an IP address, any other as a DNS name),
    /// `basicConstraints CA:TRUE` and `extendedKeyUsage serverAuth`, signed with SHA-256.
    ///
    /// ```swift
    /// let expired = try TestCertificate.selfSigned(
    ///     commonName: "localhost", validFrom: .now.addingTimeInterval(-30 * 86_400),
    ///     validUntil: .now.addingTimeInterval(-86_400))
    /// ```
    /// - Parameters:
    ///   - commonName: The subject common name (1 to 64 bytes).
    ///   - subjectAltNames: DNS names and IP addresses; none may contain a comma.
    ///   - validFrom: The start of the validity (`notBefore`, whole seconds); one day ago by default.
    ///   - validUntil: The end of the validity (`notAfter`, whole seconds), after `validFrom`; a year from now by
    ///     default. A date in the past makes an expired certificate.
    /// - Returns: The certificate with its key.
    /// - Throws: ``MockServerError`` with code `.certificate` when a name or the validity is invalid or OpenSSL
    ///   fails.
    public static func selfSigned(
        commonName: String,
        subjectAltNames: [String] = ["localhost", "127.0.0.1"],
        validFrom: Date = Date(timeIntervalSinceNow: -86_400),
        validUntil: Date = Date(timeIntervalSinceNow: 365 * 86_400)
    ) throws -> TestCertificate {
        try CertificateBuilder.make(
            commonName: commonName, subjectAltNames: subjectAltNames, profile: .selfSigned, validFrom: validFrom,
            validUntil: validUntil, issuer: nil)
    }

    /// Generates a self-signed root certificate authority with a new EC P-256 key: `CN=commonName`,
    /// `basicConstraints CA:TRUE` and `keyUsage keyCertSign, cRLSign` (both critical), no alternative names,
    /// signed with SHA-256. Issue certificates under it with ``issueAuthority(commonName:validFrom:validUntil:)``
    /// and ``issueLeaf(commonName:subjectAltNames:validFrom:validUntil:extendedKeyUsage:)``.
    ///
    /// ```swift
    /// let root = try TestCertificate.authority(commonName: "Test Root CA")
    /// let leaf = try root.issueLeaf(commonName: "localhost")
    /// let server = try MockServer(tls: leaf)
    /// let pinned = PinnedCertificates.certificates([root.der])   // trusts every certificate root issues
    /// ```
    /// - Parameters:
    ///   - commonName: The subject common name (1 to 64 bytes).
    ///   - validFrom: The start of the validity; one day ago by default.
    ///   - validUntil: The end of the validity, after `validFrom`; a year from now by default.
    ///   - renewing: A certificate whose key the new authority keeps, as a renewal does (same subject key, so the
    ///     same SPKI pin); `nil` (the default) for a new key.
    /// - Returns: The certificate authority with its key.
    /// - Throws: ``MockServerError`` with code `.certificate` when the name or the validity is invalid or OpenSSL
    ///   fails.
    public static func authority(
        commonName: String,
        validFrom: Date = Date(timeIntervalSinceNow: -86_400),
        validUntil: Date = Date(timeIntervalSinceNow: 365 * 86_400),
        renewing: TestCertificate? = nil
    ) throws -> TestCertificate {
        try CertificateBuilder.make(
            commonName: commonName, subjectAltNames: [], profile: .authority, validFrom: validFrom,
            validUntil: validUntil, issuer: nil, keySource: renewing)
    }

    /// Issues an intermediate certificate authority signed by this certificate's key: a new EC P-256 key,
    /// `CN=commonName`, the issuer name set to this certificate's subject, `basicConstraints CA:TRUE` and
    /// `keyUsage keyCertSign, cRLSign` (both critical), signed with SHA-256.
    ///
    /// Any certificate with a key can issue, whether or not it is an authority, so a test can also build a
    /// chain that must be refused (a server certificate used as an issuer).
    /// - Parameters:
    ///   - commonName: The subject common name (1 to 64 bytes).
    ///   - validFrom: The start of the validity; one day ago by default.
    ///   - validUntil: The end of the validity, after `validFrom`; a year from now by default.
    /// - Returns: The intermediate authority with its key.
    /// - Throws: ``MockServerError`` with code `.certificate` when the name or the validity is invalid, this
    ///   certificate's key does not parse, or OpenSSL fails.
    public func issueAuthority(
        commonName: String,
        validFrom: Date = Date(timeIntervalSinceNow: -86_400),
        validUntil: Date = Date(timeIntervalSinceNow: 365 * 86_400)
    ) throws -> TestCertificate {
        try CertificateBuilder.make(
            commonName: commonName, subjectAltNames: [], profile: .authority, validFrom: validFrom,
            validUntil: validUntil, issuer: self)
    }

    /// Issues a server certificate signed by this certificate's key: a new EC P-256 key, `CN=commonName`, the
    /// issuer name set to this certificate's subject, the alternative names, `basicConstraints CA:FALSE`,
    /// `keyUsage digitalSignature` (both critical) and `extendedKeyUsage serverAuth`, signed with SHA-256.
    ///
    /// ```swift
    /// let root = try TestCertificate.authority(commonName: "Test Root CA")
    /// let intermediate = try root.issueAuthority(commonName: "Test Intermediate CA")
    /// let leaf = try intermediate.issueLeaf(commonName: "localhost")
    /// let expired = try intermediate.issueLeaf(
    ///     commonName: "localhost", validFrom: .now.addingTimeInterval(-30 * 86_400),
    ///     validUntil: .now.addingTimeInterval(-86_400))
    /// ```
    /// - Parameters:
    ///   - commonName: The subject common name (1 to 64 bytes).
    ///   - subjectAltNames: DNS names and IP addresses; none may contain a comma.
    ///   - validFrom: The start of the validity; one day ago by default.
    ///   - validUntil: The end of the validity, after `validFrom`; a year from now by default.
    ///   - extendedKeyUsage: The `extendedKeyUsage` extension in OpenSSL's configuration syntax, such as
    ///     `"clientAuth"` for a certificate a TLS client must refuse from a server; `"serverAuth"` by default.
    /// - Returns: The certificate with its key.
    /// - Throws: ``MockServerError`` with code `.certificate` when a name or the validity is invalid, this
    ///   certificate's key does not parse, or OpenSSL fails.
    public func issueLeaf(
        commonName: String,
        subjectAltNames: [String] = ["localhost", "127.0.0.1"],
        validFrom: Date = Date(timeIntervalSinceNow: -86_400),
        validUntil: Date = Date(timeIntervalSinceNow: 365 * 86_400),
        extendedKeyUsage: String = "serverAuth"
    ) throws -> TestCertificate {
        try CertificateBuilder.make(
            commonName: commonName, subjectAltNames: subjectAltNames, profile: .leaf, validFrom: validFrom,
            validUntil: validUntil, issuer: self, extendedKeyUsage: extendedKeyUsage)
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
