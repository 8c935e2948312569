import COpenSSL
package import Foundation

/// SHA-1 (FIPS 180-4) over OpenSSL, for the WebSocket handshake's accept value (RFC 6455 §4.2.2), which is its
/// only use: SHA-1 is not collision resistant and must not guard anything else.
package enum SHA1 {
    /// The 20-byte SHA-1 of `bytes`, or `nil` when OpenSSL could not allocate.
    /// - Parameter bytes: The bytes to hash.
    package static func hash(_ bytes: some ContiguousBytes) -> [UInt8]? {
        EVPDigest.digest(bytes, algorithm: EVP_sha1())
    }

    /// The 20-byte SHA-1 of the UTF-8 bytes of `text`, or `nil` when OpenSSL could not allocate.
    /// - Parameter text: The text to hash.
    package static func hash(_ text: String) -> [UInt8]? {
        hash(Array(text.utf8))
    }
}
