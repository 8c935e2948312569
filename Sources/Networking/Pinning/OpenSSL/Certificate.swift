import COpenSSL
import Foundation

/// Reads the facts pinning compares from an OpenSSL `X509` (borrowed, never freed here).
enum Certificate {
    /// The certificate's DER encoding, or `nil` when OpenSSL cannot encode it.
    /// - Parameter x509: The certificate.
    static func der(of x509: OpaquePointer) -> Data? {
        encoded { i2d_X509(x509, $0) }.map { Data($0) }
    }

    /// The SHA-256 of the certificate's DER `SubjectPublicKeyInfo`, or `nil` when it cannot be encoded.
    /// - Parameter x509: The certificate.
    static func spkiSHA256(of x509: OpaquePointer) -> Data? {
        guard let publicKey = X509_get_X509_PUBKEY(x509) else {
            return nil
        }
        return encoded { i2d_X509_PUBKEY(publicKey, $0) }.flatMap(SHA256.hash).map { Data($0) }
    }

    /// The pin of a SHA-256 SPKI digest, as `"sha256/<base64>"`.
    /// - Parameter digest: The digest.
    static func pin(ofDigest digest: Data) -> String {
        "sha256/" + Base64.encode(digest)
    }

    /// The pin of a certificate, or a placeholder naming the failure.
    /// - Parameter x509: The certificate.
    static func pin(of x509: OpaquePointer) -> String {
        spkiSHA256(of: x509).map(pin(ofDigest:)) ?? "sha256/(unreadable public key)"
    }

    /// Parses a whole DER certificate; trailing bytes make it invalid.
    /// - Parameter der: The bytes.
    /// - Returns: An owned `X509` (free it with `X509_free`), or `nil` when the bytes are not one DER certificate.
    static func parse(_ der: Data) -> OpaquePointer? {
        der.withUnsafeBytes { raw -> OpaquePointer? in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, !raw.isEmpty else {
                return nil
            }
            var cursor: UnsafePointer<UInt8>? = base
            guard let x509 = d2i_X509(nil, &cursor, raw.count) else {
                ERR_clear_error()
                return nil
            }
            guard let end = cursor, end - base == raw.count else {
                X509_free(x509)
                return nil
            }
            return x509
        }
    }

    /// The PEM encoding of DER certificates, concatenated.
    /// - Parameter ders: The certificates.
    static func pem(_ ders: [Data]) -> Data {
        var text = ""
        for der in ders {
            text += "-----BEGIN CERTIFICATE-----\n"
            text += Base64.encode(der, lineLength: 64)
            text += "\n-----END CERTIFICATE-----\n"
        }
        return Data(text.utf8)
    }

    /// Runs an OpenSSL `i2d_…` encoder twice, as it expects: once for the length, once into a buffer of that length.
    /// - Parameter encode: The encoder, given `nil` or a pointer to the output cursor.
    /// - Returns: The DER bytes, or `nil` when encoding fails.
    private static func encoded(
        _ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32
    ) -> [UInt8]? {
        let length = encode(nil)
        guard length > 0 else {
            return nil
        }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encode(&cursor)
        }
        return written == length ? bytes : nil
    }
}
