import COpenSSL
package import Foundation

/// SHA-256 (FIPS 180-4) over OpenSSL, in one call; ``SHA256Hasher`` hashes bytes as they stream.
///
/// ```swift
/// let pin = "sha256/" + Base64.encode(SHA256.hash(spki) ?? [])
/// let key = SHA256.hexHash("authorization " + token)
/// ```
package enum SHA256 {
    /// The lowercase hex SHA-256 of no bytes at all.
    package static let emptyHex = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    /// The 32-byte SHA-256 of `bytes`, or `nil` when OpenSSL could not allocate.
    /// - Parameter bytes: The bytes to hash.
    package static func hash(_ bytes: some ContiguousBytes) -> [UInt8]? {
        EVPDigest.digest(bytes, algorithm: EVP_sha256())
    }

    /// The lowercase hex SHA-256 of the UTF-8 bytes of `text`: 64 hex digits.
    ///
    /// `EVP_Digest` only fails when OpenSSL cannot allocate; then the result is a weaker but stable 64-digit hash
    /// (FNV-1a, zero-padded), so cache keys stay deterministic.
    /// - Parameter text: The text to hash.
    package static func hexHash(_ text: String) -> String {
        let bytes = Array(text.utf8)
        guard let digest = hash(bytes) else {
            let fnv = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            return String(repeating: "0", count: 48) + Hex.lowercase(withUnsafeBytes(of: fnv.bigEndian) { Array($0) })
        }
        return Hex.lowercase(digest)
    }
}
