import COpenSSL
package import Foundation

/// Standard base64 (RFC 4648 §4, with padding) over OpenSSL's `EVP_EncodeBlock` / `EVP_DecodeBlock`, for pins,
/// PEM, WebSocket keys and `Data` in JSON.
///
/// ```swift
/// Base64.encode(Array("hello".utf8))   // "aGVsbG8="
/// Base64.decode("aGVsbG8=")            // the five bytes of "hello"
/// ```
package enum Base64 {
    /// The base64 text of `bytes`.
    /// - Parameters:
    ///   - bytes: The bytes to encode.
    ///   - lineLength: When given, a line feed after every `lineLength` characters but the last line (PEM uses 64).
    /// - Returns: The text; empty for no bytes.
    package static func encode(_ bytes: some ContiguousBytes, lineLength: Int? = nil) -> String {
        let encoded = bytes.withUnsafeBytes { raw -> [UInt8] in
            guard let base = raw.bindMemory(to: UInt8.self).baseAddress, !raw.isEmpty, raw.count <= maximumInput
            else {
                return []
            }
            var out = [UInt8](repeating: 0, count: 4 * ((raw.count + 2) / 3) + 1)
            let written = out.withUnsafeMutableBufferPointer { buffer in
                buffer.baseAddress.map { EVP_EncodeBlock($0, base, Int32(raw.count)) } ?? 0
            }
            return Array(out.prefix(Int(max(written, 0))))
        }
        guard let lineLength, lineLength > 0, encoded.count > lineLength else {
            return String(decoding: encoded, as: UTF8.self)
        }
        var lines: [UInt8] = []
        lines.reserveCapacity(encoded.count + encoded.count / lineLength)
        for start in stride(from: 0, to: encoded.count, by: lineLength) {
            if start > 0 {
                lines.append(UInt8(ascii: "\n"))
            }
            lines.append(contentsOf: encoded[start..<min(start + lineLength, encoded.count)])
        }
        return String(decoding: lines, as: UTF8.self)
    }

    /// The bytes `text` encodes, or `nil` unless it is strict base64: characters of the standard alphabet only, a
    /// length that is a multiple of 4, and `=` only as one or two final padding characters (no whitespace).
    /// - Parameter text: The base64 text.
    package static func decode(_ text: String) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0, input.count <= maximumInput else {
            return nil
        }
        let padding = input.reversed().prefix { $0 == UInt8(ascii: "=") }.count
        guard padding <= 2, input.dropLast(padding).allSatisfy(isAlphabet) else {
            return nil
        }
        guard !input.isEmpty else {
            return []
        }
        var out = [UInt8](repeating: 0, count: input.count / 4 * 3)
        let decoded = input.withUnsafeBufferPointer { source in
            out.withUnsafeMutableBufferPointer { buffer -> Int32 in
                guard let from = source.baseAddress, let to = buffer.baseAddress else {
                    return -1
                }
                return EVP_DecodeBlock(to, from, Int32(source.count))
            }
        }
        // EVP_DecodeBlock counts the zero bytes that padding stands for: they are not part of the data.
        guard decoded == out.count else {
            return nil
        }
        return Array(out.dropLast(padding))
    }

    /// The longest input handled (OpenSSL takes lengths as `Int32`).
    private static let maximumInput = Int(Int32.max / 4 * 3)

    private static func isAlphabet(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "/"):
            true
        default:
            false
        }
    }
}
