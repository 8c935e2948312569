/// Lowercase hexadecimal text of bytes, for digests.
package enum Hex {
    /// Two lowercase hex digits a byte, without `String(format:)` (which costs microseconds a call on Linux: 64 of
    /// them per cache lookup made a fresh hit cost as much as a loopback round trip).
    /// - Parameter bytes: The bytes.
    /// - Returns: `2 * bytes.count` characters.
    package static func lowercase(_ bytes: some Collection<UInt8>) -> String {
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
