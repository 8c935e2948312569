import COpenSSL
package import Foundation

/// An incremental SHA-256 (OpenSSL's EVP digest API), so that bodies of any size are hashed as they stream in or
/// out without being held in memory. Owned by one thread at a time.
///
/// ```swift
/// let hasher = SHA256Hasher()
/// hasher.update(firstChunk)
/// hasher.update(secondChunk)
/// let digest = hasher.hexDigest()
/// ```
package final class SHA256Hasher {
    /// The digest context; nil only when OpenSSL could not allocate one, and then ``hexDigest()`` says so.
    private var context: OpaquePointer?
    private var finished = false

    /// A hasher that has seen no bytes.
    package init() {
        context = EVP_MD_CTX_new()
        if let context, EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1 {
            EVP_MD_CTX_free(context)
            self.context = nil
        }
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds bytes to the digest; ignored once the digest is finished.
    /// - Parameter bytes: The bytes (`Data`, `[UInt8]`, a slice, a raw buffer).
    package func update(_ bytes: some ContiguousBytes) {
        guard let context, !finished else { return }
        let status = bytes.withUnsafeBytes { raw in
            raw.isEmpty ? 1 : EVP_DigestUpdate(context, raw.baseAddress, raw.count)
        }
        if status != 1 {
            EVP_MD_CTX_free(context)
            self.context = nil
        }
    }

    /// Ends the digest and returns it as 64 lowercase hex digits; later updates are ignored and later calls
    /// return an error text rather than a digest (a digest cannot be continued once finished).
    package func hexDigest() -> String {
        guard let context, !finished else { return "sha256-unavailable" }
        finished = true
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return "sha256-unavailable" }
        return Hex.lowercase(digest.prefix(Int(length)))
    }

    /// The SHA-256 of `bytes` in one call, as lowercase hex.
    /// - Parameter bytes: The bytes to hash.
    package static func hexDigest(of bytes: some ContiguousBytes) -> String {
        let hasher = SHA256Hasher()
        hasher.update(bytes)
        return hasher.hexDigest()
    }
}
