/// Collects the header lines of a response as curl delivers them: a new status line (after a 1xx, or a
/// proxy's CONNECT answer) starts over, so only the final response's fields remain, in received order and
/// with repeated fields kept.
struct ResponseHeaderCollector {
    /// The fields of the latest response.
    private(set) var fields: [(name: String, value: String)] = []
    /// Room made for the fields at the first one, so that a usual response's fields never grow the array.
    private static let typicalFieldCount = 12

    /// Takes one raw header line, with its line ending.
    /// - Parameter bytes: The line.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) {
        // Works on bytes: Character-level trimming cost more than the rest of a small request together.
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 10 || bytes[end - 1] == 13 {
            end -= 1
        }
        let line = bytes[..<end]
        if line.starts(with: "HTTP/".utf8) {
            fields = []
            return
        }
        guard let first = line.first else {
            return
        }
        if first == 32 || first == 9 {
            // An obsolete folded continuation of the previous field.
            if let last = fields.indices.last {
                fields[last].value += " " + Self.decode(Self.trim(line))
            }
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return
        }
        let name = Self.trim(line[..<colon])
        guard !name.isEmpty else {
            return
        }
        if fields.isEmpty {
            fields.reserveCapacity(Self.typicalFieldCount)
        }
        fields.append((name: Self.decode(name), value: Self.decode(Self.trim(line[(colon + 1)...]))))
    }

    private static func decode(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        let buffer = UnsafeRawBufferPointer(rebasing: bytes)
        // Nearly every header is ASCII, which is valid UTF-8 as it is: `String(decoding:as:)` then copies it without
        // the generic validation of `String(validating:as:)` (a quarter of a small response's header cost, measured).
        if !buffer.contains(where: { $0 >= 0x80 }) {
            return String(decoding: buffer, as: UTF8.self)
        }
        if let text = String(validating: buffer, as: UTF8.self) {
            return text
        }
        // Not UTF-8: header bytes are ISO 8859-1 by tradition.
        return String(String.UnicodeScalarView(buffer.map { Unicode.Scalar($0) }))
    }

    private static func trim(_ bytes: Slice<UnsafeRawBufferPointer>) -> Slice<UnsafeRawBufferPointer> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 32 || bytes[start] == 9 {
            start += 1
        }
        while end > start, bytes[end - 1] == 32 || bytes[end - 1] == 9 {
            end -= 1
        }
        return bytes[start..<end]
    }
}
