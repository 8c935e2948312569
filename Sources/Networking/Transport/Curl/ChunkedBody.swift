/// Decodes an HTTP/1.1 chunked body (RFC 9112 §7.1), for the rare refused WebSocket upgrade that answers with one.
enum ChunkedBody {
    /// The body's bytes, or `nil` while the last chunk has not arrived (or the framing is broken).
    /// - Parameter bytes: The bytes after the header section.
    static func decode(_ bytes: [UInt8]) -> [UInt8]? {
        var body: [UInt8] = []
        var index = 0
        while true {
            guard let lineEnd = lineEnd(in: bytes, from: index) else {
                return nil
            }
            let sizeText = bytes[index..<lineEnd].prefix { $0 != UInt8(ascii: ";") }
            guard let size = Int(String(decoding: sizeText, as: UTF8.self).trimmingWhitespace, radix: 16), size >= 0
            else {
                return nil
            }
            index = lineEnd + 2
            if size == 0 {
                return body
            }
            // Compared by subtraction: a huge size (0x7fffffffffffffff) must not overflow `index + size`.
            guard size <= bytes.count - index - 2 else {
                return nil
            }
            body.append(contentsOf: bytes[index..<(index + size)])
            index += size + 2
        }
    }

    /// The index of the next CRLF at or after `start`, or `nil`.
    private static func lineEnd(in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + 1 < bytes.count {
            if bytes[index] == 13 && bytes[index + 1] == 10 {
                return index
            }
            index += 1
        }
        return nil
    }
}

extension String {
    /// The string without leading and trailing spaces and tabs.
    fileprivate var trimmingWhitespace: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
