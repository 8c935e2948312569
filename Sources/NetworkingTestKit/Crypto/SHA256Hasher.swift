import COpenSSL
import Foundation

/// An incremental SHA-256 (OpenSSL's EVP digest API), so that bodies of any size are hashed as they stream
/// in or out without being held in memory. Owned by one thread at a time.
final class SHA256Hasher {
    /// The digest context; nil only when OpenSSL could not allocate one, and then ``hexDigest()`` says so.
    private var context: OpaquePointer?
    private var finished = false

    /// The lowercase hex SHA-256 of no bytes at all.
    static let emptyDigest = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"

    init() {
        context = EVP_MD_CTX_new()
        if let context, EVP_DigestInit_ex(context, EVP_sha256(), nil) != 1 {
            EVP_MD_CTX_free(context)
            self.context = nil
        }
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// Adds bytes to the digest.
    func update(_ bytes: UnsafeRawBufferPointer) {
        guard let context, !finished, let base = bytes.baseAddress, !bytes.isEmpty else { return }
        if EVP_DigestUpdate(context, base, bytes.count) != 1 {
            EVP_MD_CTX_free(context)
            self.context = nil
        }
    }

    /// Adds bytes to the digest.
    func update(_ bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBytes { update($0) }
    }

    /// Adds bytes to the digest.
    func update(_ data: Data) {
        data.withUnsafeBytes { update($0) }
    }

    /// Ends the digest and returns it as 64 lowercase hex digits; later updates are ignored and later calls
    /// return an error text rather than a digest (a digest cannot be continued once finished).
    func hexDigest() -> String {
        guard let context, !finished else { return "sha256-unavailable" }
        finished = true
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return "sha256-unavailable" }
        return Self.hex(digest.prefix(Int(length)))
    }

    /// The SHA-256 of `data` in one call, as lowercase hex.
    static func hexDigest(of data: Data) -> String {
        let hasher = SHA256Hasher()
        hasher.update(data)
        return hasher.hexDigest()
    }

    /// Bytes as lowercase hex digits.
    static func hex(_ bytes: some Sequence<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0F)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
