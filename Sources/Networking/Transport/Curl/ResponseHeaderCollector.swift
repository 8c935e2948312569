/// Collects the header lines of a response as curl delivers them: a new status line (after a 1xx, or a
/// proxy's CONNECT answer) starts over, so only the final response's fields remain, in received order and
/// with repeated fields kept.
struct ResponseHeaderCollector {
    /// The fields of the latest response.
    private(set) var fields: [(name: String, value: String)] = []

    /// Takes one raw header line, with its line ending.
    /// - Parameter bytes: The line.
    mutating func consume(_ bytes: UnsafeRawBufferPointer) {
        var line = Self.decode(bytes)
        while let last = line.last, last.isNewline {
            line.removeLast()
        }
        if line.hasPrefix("HTTP/") {
            fields = []
            return
        }
        guard let first = line.first else {
            return
        }
        if first == " " || first == "\t" {
            // An obsolete folded continuation of the previous field.
            if let last = fields.indices.last {
                fields[last].value += " " + Self.trim(Substring(line))
            }
            return
        }
        guard let colon = line.firstIndex(of: ":") else {
            return
        }
        let name = Self.trim(line[..<colon])
        guard !name.isEmpty else {
            return
        }
        fields.append((name: name, value: Self.trim(line[line.index(after: colon)...])))
    }

    private static func decode(_ bytes: UnsafeRawBufferPointer) -> String {
        if let text = String(validating: bytes, as: UTF8.self) {
            return text
        }
        // Not UTF-8: header bytes are ISO 8859-1 by tradition.
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func trim(_ text: Substring) -> String {
        String(text.drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
