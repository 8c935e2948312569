import COpenSSL
import Foundation

/// SHA-256 and SHA-1 digests and random bytes through OpenSSL, for code outside this folder that needs them (cache
/// keys, the WebSocket handshake and frame masks).
enum OpenSSLDigest {
    /// The SHA-1 of the UTF-8 bytes of `text`, as the WebSocket handshake's accept value needs (RFC 6455 §4.2.2).
    /// - Parameter text: The text to hash.
    /// - Returns: 20 bytes, or `nil` when OpenSSL could not allocate.
    static func sha1(_ text: String) -> [UInt8]? {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        let status = bytes.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(raw.baseAddress, raw.count, out.baseAddress, &length, EVP_sha1(), nil)
            }
        }
        return status == 1 ? Array(digest.prefix(Int(length))) : nil
    }

    /// Fills `buffer` from OpenSSL's cryptographically secure generator (WebSocket keys and masks must be
    /// unpredictable), falling back to the system's generator if OpenSSL fails.
    /// - Parameter buffer: The bytes to fill.
    static func fillRandom(_ buffer: UnsafeMutableRawBufferPointer) {
        guard let base = buffer.baseAddress, !buffer.isEmpty else {
            return
        }
        if RAND_bytes(base.assumingMemoryBound(to: UInt8.self), Int32(buffer.count)) == 1 {
            return
        }
        var generator = SystemRandomNumberGenerator()
        for index in buffer.indices {
            buffer[index] = UInt8.random(in: 0...255, using: &generator)
        }
    }

    /// The lowercase hex SHA-256 of the UTF-8 bytes of `text`.
    /// - Parameter text: The text to hash.
    /// - Returns: 64 hex digits.
    static func sha256Hex(_ text: String) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let bytes = Array(text.utf8)
        let status = bytes.withUnsafeBytes { raw in
            digest.withUnsafeMutableBufferPointer { out in
                EVP_Digest(raw.baseAddress, raw.count, out.baseAddress, &length, EVP_sha256(), nil)
            }
        }
        // EVP_Digest only fails when OpenSSL cannot allocate: fall back to a weaker but stable hash (FNV-1a).
        guard status == 1 else {
            let fnv = bytes.reduce(UInt64(0xcbf2_9ce4_8422_2325)) { ($0 ^ UInt64($1)) &* 0x100_0000_01b3 }
            return String(repeating: "0", count: 48) + String(format: "%016llx", fnv)
        }
        return hex(digest.prefix(Int(length)))
    }

    /// Lowercase hex, two digits a byte, without `String(format:)` (which costs microseconds a call on Linux: 64 of
    /// them per cache lookup made a fresh hit cost as much as a loopback round trip).
    private static func hex(_ bytes: some Collection<UInt8>) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(unsafeUninitializedCapacity: bytes.count * 2) { buffer in
            var index = 0
            for byte in bytes {
                buffer[index] = digits[Int(byte >> 4)]
                buffer[index + 1] = digits[Int(byte & 0x0F)]
                index += 2
            }
            return index
        }
    }
}
