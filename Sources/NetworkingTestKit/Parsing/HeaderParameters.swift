import Foundation

/// A header field value with parameters, such as `form-data; name="file"; filename="a.png"` or
/// `multipart/form-data; boundary=XyZ`, split into its leading value and its parameters.
///
/// Parameter values may be tokens or quoted-strings. Inside a quoted-string, `\"` and `\\` stand for `"` and
/// `\` (RFC 9110 quoted-pairs, as curl's mime API writes them with `CURLMIMEOPT_FORMESCAPE`); any other
/// backslash is kept, because browsers and curl's default form escaping send backslashes of file names as
/// they are. A quoted-string that does not end when read that way is read again without escapes (a name
/// ending in a backslash, form-escaped). A parameter whose name ends in `*` is an RFC 8187 extended value
/// (`UTF-8''%E2%82%AC.txt`) and wins over the plain parameter of the same name.
struct HeaderParameters {
    /// The value before the first `;`, trimmed, for example `form-data`.
    let value: String
    /// The parameters in order: names lowercased, values with quoting removed (extended values not decoded).
    let parameters: [(name: String, value: String)]

    init(parsing text: String) {
        var reader = Reader(scalars: Array(text.unicodeScalars))
        value = reader.read(until: ";").trimmingCharacters(in: .whitespaces)
        var parameters: [(name: String, value: String)] = []
        while reader.skip(";") {
            let name = reader.read(until: "=;").trimmingCharacters(in: .whitespaces).lowercased()
            guard reader.skip("=") else {
                if !name.isEmpty {
                    parameters.append((name, ""))
                }
                continue
            }
            reader.skipWhitespace()
            let value = reader.peek == "\"" ? reader.readQuoted() : reader.read(until: ";")
            parameters.append((name, value.trimmingCharacters(in: .whitespaces)))
        }
        self.parameters = parameters
    }

    /// The value of parameter `name` (case-insensitive): its decoded extended form `name*` when present and
    /// well formed, else the plain parameter, else `nil`.
    subscript(name: String) -> String? {
        let name = name.lowercased()
        if let extended = parameters.first(where: { $0.name == name + "*" }),
            let decoded = Self.decodeExtendedValue(extended.value)
        {
            return decoded
        }
        return parameters.first { $0.name == name }?.value
    }

    /// The value of a `name` or `filename` parameter of a form part's `Content-Disposition`: the decoded
    /// extended form (`filename*`) when present and well formed, else the plain parameter with the form
    /// escapes undone (``decodeFormEscapes(_:)``), else `nil`.
    func formValue(_ name: String) -> String? {
        if let extended = parameters.first(where: { $0.name == name + "*" }),
            let decoded = Self.decodeExtendedValue(extended.value)
        {
            return decoded
        }
        return parameters.first { $0.name == name }.map { Self.decodeFormEscapes($0.value) }
    }

    /// Decodes an RFC 8187 extended value, `charset'language'percent-encoded`: UTF-8 or ISO-8859-1 (any
    /// other charset is read as UTF-8); `nil` when it is not of that form.
    static func decodeExtendedValue(_ text: String) -> String? {
        let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
        guard pieces.count == 3, let bytes = percentDecoded(pieces[2]) else { return nil }
        if pieces[0].lowercased() == "iso-8859-1" {
            return String(bytes.map { Character(Unicode.Scalar($0)) })
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Undoes the escaping browsers (HTML's form submission) and curl's default form escaping apply to names
    /// and file names: `%22`, `%0D` and `%0A` (in either case) become `"`, CR and LF; nothing else changes.
    static func decodeFormEscapes(_ text: String) -> String {
        guard text.contains("%") else { return text }
        var result = ""
        var rest = Substring(text)
        while let percent = rest.firstIndex(of: "%") {
            result += rest[..<percent]
            let code = rest[percent...].dropFirst().prefix(2).uppercased()
            switch code {
            case "22": result += "\""
            case "0D": result += "\r"
            case "0A": result += "\n"
            default:
                result += "%"
                rest = rest[rest.index(after: percent)...]
                continue
            }
            rest = rest[rest.index(percent, offsetBy: 3)...]
        }
        return result + rest
    }

    /// Percent-decodes `text` into bytes; `nil` when a `%` is not followed by two hex digits.
    private static func percentDecoded(_ text: Substring) -> [UInt8]? {
        var bytes: [UInt8] = []
        var iterator = Array(text.utf8).makeIterator()
        while let byte = iterator.next() {
            guard byte == UInt8(ascii: "%") else {
                bytes.append(byte)
                continue
            }
            guard let high = iterator.next(), let low = iterator.next(),
                let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
            else { return nil }
            bytes.append(value)
        }
        return bytes
    }

    /// A cursor over the scalars of a header value.
    private struct Reader {
        let scalars: [Unicode.Scalar]
        var index = 0

        var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

        /// Reads up to (not including) the first of `stops`, or to the end.
        mutating func read(until stops: String) -> String {
            let stops = Set(stops.unicodeScalars)
            var text = String.UnicodeScalarView()
            while let scalar = peek, !stops.contains(scalar) {
                text.append(scalar)
                index += 1
            }
            return String(text)
        }

        /// Consumes `scalar` when it comes next (after whitespace).
        mutating func skip(_ scalar: Unicode.Scalar) -> Bool {
            skipWhitespace()
            guard peek == scalar else { return false }
            index += 1
            return true
        }

        mutating func skipWhitespace() {
            while let scalar = peek, scalar == " " || scalar == "\t" {
                index += 1
            }
        }

        /// Reads a quoted-string starting at its opening quote, then anything up to the next `;`.
        mutating func readQuoted() -> String {
            let start = index + 1
            if let (text, end) = scanQuoted(from: start, escapes: true) ?? scanQuoted(from: start, escapes: false) {
                index = end
                _ = read(until: ";")
                return text
            }
            index = scalars.count
            return String(String.UnicodeScalarView(scalars[start...]))
        }

        /// The text of a quoted-string whose content starts at `start`, and the index after its closing
        /// quote; `nil` when it does not end.
        private func scanQuoted(from start: Int, escapes: Bool) -> (String, Int)? {
            var text = String.UnicodeScalarView()
            var position = start
            while position < scalars.count {
                let scalar = scalars[position]
                if scalar == "\"" {
                    return (String(text), position + 1)
                }
                if escapes, scalar == "\\", position + 1 < scalars.count,
                    scalars[position + 1] == "\"" || scalars[position + 1] == "\\"
                {
                    text.append(scalars[position + 1])
                    position += 2
                    continue
                }
                text.append(scalar)
                position += 1
            }
            return nil
        }
    }
}
