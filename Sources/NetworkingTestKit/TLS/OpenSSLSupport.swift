import COpenSSL
import Foundation

/// Small helpers around OpenSSL's memory BIOs and error queue, shared by the certificate and
/// TLS code of the test kit.
enum OpenSSLSupport {
    /// The oldest error on this thread's OpenSSL error queue as text (the queue is then cleared),
    /// or `no OpenSSL error` when it is empty.
    static func lastError() -> String {
        let code = ERR_get_error()
        ERR_clear_error()
        guard code != 0 else { return "no OpenSSL error" }
        var text = [CChar](repeating: 0, count: 256)
        ERR_error_string_n(code, &text, text.count)
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Runs `write` with a fresh memory BIO and returns what it wrote, or nil when `write` fails.
    static func writeToMemory(_ write: (OpaquePointer) -> Bool) -> Data? {
        guard let bio = BIO_new(BIO_s_mem()) else { return nil }
        defer { BIO_free(bio) }
        guard write(bio) else { return nil }
        var output = Data()
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = BIO_read(bio, &chunk, Int32(chunk.count))
            guard count > 0 else { break }
            output.append(contentsOf: chunk[0..<Int(count)])
        }
        return output
    }

    /// Runs `read` with a memory BIO holding `data` and returns its result.
    static func readFromMemory<T>(_ data: Data, _ read: (OpaquePointer) -> T?) -> T? {
        guard !data.isEmpty else { return nil }
        return data.withUnsafeBytes { bytes -> T? in
            guard let bio = BIO_new_mem_buf(bytes.baseAddress, Int32(bytes.count)) else { return nil }
            defer { BIO_free(bio) }
            return read(bio)
        }
    }

    /// The DER bytes an `i2d_…` function writes: it is called once for the length, once to write.
    static func derEncoding(_ encode: (UnsafeMutablePointer<UnsafeMutablePointer<UInt8>?>?) -> Int32) -> Data? {
        let length = encode(nil)
        guard length > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: Int(length))
        let written = bytes.withUnsafeMutableBufferPointer { buffer -> Int32 in
            var cursor = buffer.baseAddress
            return encode(&cursor)
        }
        guard written == length else { return nil }
        return Data(bytes)
    }
}
