import CNetworkingTestKitShim
import COpenSSL
import Foundation
import Glibc
import Networking

/// Generates and loads ``TestCertificate``s with OpenSSL; every OpenSSL object stays inside.
enum CertificateBuilder {
    /// What a generated certificate is for, which decides its X509 v3 extensions.
    enum Profile {
        /// Self-signed, usable both as a server certificate and as its own anchor: `CA:TRUE`, `keyCertSign`,
        /// `serverAuth`, the alternative names.
        case selfSigned
        /// A certificate authority (root or intermediate): `CA:TRUE`, `keyCertSign` and `cRLSign`, no names.
        case authority
        /// A server certificate: `CA:FALSE`, `digitalSignature`, `serverAuth`, the alternative names.
        case leaf

        var extensions: [(Int32, String)] {
            switch self {
            case .selfSigned:
                [
                    (NID_basic_constraints, "critical,CA:TRUE"),
                    (NID_key_usage, "critical,digitalSignature,keyCertSign"),
                    (NID_ext_key_usage, "serverAuth"),
                ]
            case .authority:
                [(NID_basic_constraints, "critical,CA:TRUE"), (NID_key_usage, "critical,keyCertSign,cRLSign")]
            case .leaf:
                [
                    (NID_basic_constraints, "critical,CA:FALSE"),
                    (NID_key_usage, "critical,digitalSignature"),
                    (NID_ext_key_usage, "serverAuth"),
                ]
            }
        }
    }

    /// Generates a certificate with a new EC P-256 key (or the key of `keySource`), signed with SHA-256 by
    /// `issuer`'s key, or by its own key when `issuer` is `nil`. `extendedKeyUsage` replaces the profile's.
    static func make(
        commonName: String, subjectAltNames: [String], profile: Profile, validFrom: Date, validUntil: Date,
        issuer: TestCertificate?, extendedKeyUsage: String? = nil, keySource: TestCertificate? = nil
    ) throws -> TestCertificate {
        try validate(commonName: commonName, subjectAltNames: subjectAltNames)
        guard validFrom < validUntil else {
            throw MockServerError(
                code: .certificate, message: "the validity must start before it ends: \(validFrom) … \(validUntil)")
        }
        let key = try keySource.map { try privateKey($0) } ?? ns_server_generate_ec_key()
        guard let key else { throw failure("EC P-256 key generation failed") }
        defer { EVP_PKEY_free(key) }
        guard let x509 = X509_new() else { throw failure("X509_new failed") }
        defer { X509_free(x509) }

        guard X509_set_version(x509, 2) == 1 else { throw failure("X509_set_version failed") }
        try setRandomSerial(x509)
        guard ASN1_TIME_set(X509_getm_notBefore(x509), time_t(validFrom.timeIntervalSince1970.rounded(.down))) != nil,
            ASN1_TIME_set(X509_getm_notAfter(x509), time_t(validUntil.timeIntervalSince1970.rounded(.down))) != nil
        else { throw failure("setting the validity failed") }
        guard let name = X509_get_subject_name(x509),
            X509_NAME_add_entry_by_txt(name, "CN", MBSTRING_UTF8, commonName, -1, -1, 0) == 1
        else { throw failure("setting the subject CN=\(commonName) failed") }
        guard X509_set_pubkey(x509, key) == 1 else { throw failure("X509_set_pubkey failed") }

        var extensions = profile.extensions + [(NID_subject_key_identifier, "hash")]
        if let extendedKeyUsage {
            extensions.removeAll { $0.0 == NID_ext_key_usage }
            extensions.append((NID_ext_key_usage, extendedKeyUsage))
        }
        if profile != .authority, !subjectAltNames.isEmpty {
            let entries = subjectAltNames.map { isIPAddress($0) ? "IP:\($0)" : "DNS:\($0)" }
            extensions.append((NID_subject_alt_name, entries.joined(separator: ",")))
        }
        for (nid, value) in extensions where ns_server_add_extension(x509, nid, value) != 1 {
            throw failure("adding the extension \(value) failed")
        }
        if let issuer {
            try sign(x509, by: issuer)
        } else {
            guard X509_set_issuer_name(x509, name) == 1 else { throw failure("setting the issuer name failed") }
            guard X509_sign(x509, key, EVP_sha256()) > 0 else { throw failure("X509_sign failed") }
        }
        return try certificate(x509: x509, key: key)
    }

    /// Sets `issuer`'s subject as the issuer name of `x509` and signs it with `issuer`'s private key.
    private static func sign(_ x509: OpaquePointer, by issuer: TestCertificate) throws {
        guard let issuerX509 = parse(issuer.der) else { throw failure("the issuer certificate does not parse") }
        defer { X509_free(issuerX509) }
        let issuerKey = try privateKey(issuer)
        defer { EVP_PKEY_free(issuerKey) }
        guard X509_set_issuer_name(x509, X509_get_subject_name(issuerX509)) == 1 else {
            throw failure("setting the issuer name failed")
        }
        guard X509_sign(x509, issuerKey, EVP_sha256()) > 0 else {
            throw failure("X509_sign with the issuer key failed")
        }
    }

    /// Parses `certificate`'s private key into an owned `EVP_PKEY` (free it with `EVP_PKEY_free`).
    private static func privateKey(_ certificate: TestCertificate) throws -> OpaquePointer {
        let key = OpenSSLSupport.readFromMemory(Data(certificate.privateKeyPEM.utf8)) {
            PEM_read_bio_PrivateKey($0, nil, nil, nil)
        }
        guard let key else { throw failure("the private key of \(certificate.commonName) does not parse") }
        return key
    }

    /// Parses DER bytes into an owned `X509` (free it with `X509_free`), or `nil`.
    private static func parse(_ der: Data) -> OpaquePointer? {
        der.withUnsafeBytes { bytes -> OpaquePointer? in
            var cursor = bytes.baseAddress?.assumingMemoryBound(to: UInt8.self)
            return d2i_X509(nil, &cursor, bytes.count)
        }
    }

    static func load(der: Data, privateKeyPEM: String) throws -> TestCertificate {
        guard let x509 = parse(der) else { throw failure("the DER certificate (\(der.count) bytes) does not parse") }
        defer { X509_free(x509) }
        return try load(x509: x509, privateKeyPEM: privateKeyPEM)
    }

    static func load(pem: String, privateKeyPEM: String) throws -> TestCertificate {
        let x509 = OpenSSLSupport.readFromMemory(Data(pem.utf8)) { PEM_read_bio_X509($0, nil, nil, nil) }
        guard let x509 else { throw failure("the PEM certificate does not parse") }
        defer { X509_free(x509) }
        return try load(x509: x509, privateKeyPEM: privateKeyPEM)
    }

    private static func load(x509: OpaquePointer, privateKeyPEM: String) throws -> TestCertificate {
        let key = OpenSSLSupport.readFromMemory(Data(privateKeyPEM.utf8)) {
            PEM_read_bio_PrivateKey($0, nil, nil, nil)
        }
        guard let key else { throw failure("the private key PEM does not parse") }
        defer { EVP_PKEY_free(key) }
        guard X509_check_private_key(x509, key) == 1 else {
            throw failure("the private key does not match the certificate")
        }
        return try certificate(x509: x509, key: key)
    }

    private static func certificate(x509: OpaquePointer, key: OpaquePointer) throws -> TestCertificate {
        guard let der = OpenSSLSupport.derEncoding({ i2d_X509(x509, $0) }) else { throw failure("i2d_X509 failed") }
        guard let pem = OpenSSLSupport.writeToMemory({ PEM_write_bio_X509($0, x509) == 1 }) else {
            throw failure("PEM_write_bio_X509 failed")
        }
        let keyPEM = OpenSSLSupport.writeToMemory { PEM_write_bio_PrivateKey($0, key, nil, nil, 0, nil, nil) == 1 }
        guard let keyPEM else { throw failure("PEM_write_bio_PrivateKey failed") }
        guard let spki = OpenSSLSupport.derEncoding({ i2d_X509_PUBKEY(X509_get_X509_PUBKEY(x509), $0) }),
            let digest = SHA256.hash(spki)
        else { throw failure("encoding the SubjectPublicKeyInfo failed") }
        return TestCertificate(
            der: der, pem: String(decoding: pem, as: UTF8.self), privateKeyPEM: String(decoding: keyPEM, as: UTF8.self),
            spkiPin: "sha256/" + Base64.encode(digest), commonName: commonName(x509),
            subjectAltNames: subjectAltNames(x509))
    }

    private static func commonName(_ x509: OpaquePointer) -> String {
        var buffer = [CChar](repeating: 0, count: 256)
        let length = X509_NAME_get_text_by_NID(X509_get_subject_name(x509), NID_commonName, &buffer, 256)
        guard length > 0 else { return "" }
        return String(decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Reads the alternative names from OpenSSL's text form, `DNS:a, IP Address:127.0.0.1`.
    private static func subjectAltNames(_ x509: OpaquePointer) -> [String] {
        let index = X509_get_ext_by_NID(x509, NID_subject_alt_name, -1)
        guard index >= 0, let ext = X509_get_ext(x509, index),
            let text = OpenSSLSupport.writeToMemory({ X509V3_EXT_print($0, ext, 0, 0) == 1 })
        else { return [] }
        return String(decoding: text, as: UTF8.self).components(separatedBy: ", ").compactMap { entry in
            for prefix in ["DNS:", "IP Address:"] where entry.hasPrefix(prefix) {
                return String(entry.dropFirst(prefix.count)).trimmingCharacters(in: .whitespacesAndNewlines)
            }
            return nil
        }
    }

    private static func setRandomSerial(_ x509: OpaquePointer) throws {
        var bytes = [UInt8](repeating: 0, count: 16)
        guard RAND_bytes(&bytes, Int32(bytes.count)) == 1 else { throw failure("RAND_bytes failed") }
        bytes[0] = (bytes[0] & 0x7F) | 0x40  // positive and of full length
        guard let number = BN_bin2bn(bytes, Int32(bytes.count), nil) else { throw failure("BN_bin2bn failed") }
        defer { BN_free(number) }
        guard BN_to_ASN1_INTEGER(number, X509_get_serialNumber(x509)) != nil else {
            throw failure("setting the serial number failed")
        }
    }

    private static func validate(commonName: String, subjectAltNames: [String]) throws {
        guard !commonName.isEmpty, commonName.utf8.count <= 64 else {
            throw MockServerError(
                code: .certificate, message: "the common name must be 1 to 64 bytes: \"\(commonName)\"")
        }
        for name in subjectAltNames
        where name.isEmpty || name.contains(",") || name.unicodeScalars.contains(where: { $0.value < 33 }) {
            throw MockServerError(code: .certificate, message: "invalid subject alternative name \"\(name)\"")
        }
    }

    /// Whether `text` parses as an IPv4 or IPv6 address.
    static func isIPAddress(_ text: String) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(AF_INET, text, &buffer) == 1 || inet_pton(AF_INET6, text, &buffer) == 1
    }

    private static func failure(_ what: String) -> MockServerError {
        MockServerError(code: .certificate, message: "\(what) (\(OpenSSLSupport.lastError()))")
    }
}
