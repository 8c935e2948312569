import COpenSSL

/// Unpredictable bytes from OpenSSL's cryptographically secure generator, for WebSocket keys and frame masks.
package enum SecureRandom {
    /// Fills `buffer` from OpenSSL's generator (WebSocket keys and masks must be unpredictable), falling back to the
    /// system's generator if OpenSSL fails.
    /// - Parameter buffer: The bytes to fill.
    package static func fill(_ buffer: UnsafeMutableRawBufferPointer) {
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

    /// `count` unpredictable bytes.
    /// - Parameter count: How many bytes.
    package static func bytes(count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: max(count, 0))
        bytes.withUnsafeMutableBytes { fill($0) }
        return bytes
    }
}
