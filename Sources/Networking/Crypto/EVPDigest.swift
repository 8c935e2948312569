import COpenSSL
import Foundation

/// One-shot message digests through OpenSSL's `EVP_Digest`: the single place that calls it, for ``SHA1`` and
/// ``SHA256``.
enum EVPDigest {
    /// The digest of `bytes` under `algorithm` (`EVP_sha1()`, `EVP_sha256()`), or `nil` when OpenSSL could not
    /// allocate.
    /// - Parameters:
    ///   - bytes: The bytes to hash.
    ///   - algorithm: OpenSSL's message digest.
    /// - Returns: The digest's bytes.
    static func digest(_ bytes: some ContiguousBytes, algorithm: OpaquePointer?) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let status = bytes.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(raw.baseAddress, raw.count, out.baseAddress, &length, algorithm, nil)
            }
        }
        return status == 1 ? Array(digest.prefix(Int(length))) : nil
    }
}
