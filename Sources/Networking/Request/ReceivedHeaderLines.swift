/// A response's header section as it arrived (the final response's field lines, line endings included), turned
/// into fields the first time anything reads them: most calls never read a response header, and making a `String`
/// of every name and value was the largest cost of receiving a small response (measured in BENCHMARKS.md).
final class ReceivedHeaderLines: Sendable {
    /// The raw lines.
    let bytes: [UInt8]
    private let parsed = Locked<[HTTPHeaders.Element]?>(nil)

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The fields, in received order, repeated ones kept (parsed once).
    var fields: [HTTPHeaders.Element] {
        parsed.withLock { parsed in
            if let parsed {
                return parsed
            }
            let fields = Self.parse(bytes)
            parsed = fields
            return fields
        }
    }

    /// Splits raw field lines into fields: names and values trimmed of spaces and tabs, an obsolete folded line
    /// joined to the field before it, a line without a colon or name skipped.
    static func parse(_ bytes: [UInt8]) -> [HTTPHeaders.Element] {
        var fields: [HTTPHeaders.Element] = []
        bytes.withUnsafeBytes { raw in
            var start = 0
            while start < raw.count {
                var end = start
                while end < raw.count, raw[end] != 10 {
                    end += 1
                }
                parseLine(UnsafeRawBufferPointer(rebasing: raw[start..<end]), into: &fields)
                start = end + 1
            }
        }
        return fields
    }

    private static func parseLine(_ bytes: UnsafeRawBufferPointer, into fields: inout [HTTPHeaders.Element]) {
        var end = bytes.endIndex
        while end > bytes.startIndex, bytes[end - 1] == 10 || bytes[end - 1] == 13 {
            end -= 1
        }
        let line = bytes[..<end]
        guard let first = line.first else {
            return
        }
        if first == 32 || first == 9 {
            // An obsolete folded continuation of the previous field.
            if let last = fields.indices.last {
                fields[last].value += " " + decode(trim(line))
            }
            return
        }
        guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else {
            return
        }
        let name = trim(line[..<colon])
        guard !name.isEmpty else {
            return
        }
        if fields.isEmpty {
            fields.reserveCapacity(12)
        }
        fields.append((name: decode(name), value: decode(trim(line[(colon + 1)...]))))
    }

    private static func decode(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        let buffer = UnsafeRawBufferPointer(rebasing: bytes)
        // Nearly every header is ASCII, which is valid UTF-8 as it is: `String(decoding:as:)` then copies it without
        // the generic validation of `String(validating:as:)`.
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
