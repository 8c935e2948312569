/// The one tokenizer of comma-separated header values (RFC 9110 §5.6.1 lists), for `Cache-Control`, `Vary`,
/// `Connection`, `Upgrade`, `Sec-WebSocket-Protocol`/`-Extensions`, `Transfer-Encoding`, `Content-Length` and the
/// test kit's server.
///
/// A comma inside a quoted string (RFC 9110 §5.6.4, where a backslash escapes the next character) does not end a
/// member; optional whitespace (spaces and tabs) around members is dropped, and so are empty members (`a, , b`),
/// which recipients must accept and ignore. Members keep their quoted strings as written: ``unquoted(_:)`` reads one.
///
/// ```swift
/// HeaderList.members(#"no-cache="Set-Cookie, Authorization", max-age=60"#)
/// // ["no-cache=\"Set-Cookie, Authorization\"", "max-age=60"]
/// HeaderList.members(["keep-alive, Upgrade"], lowercased: true)   // ["keep-alive", "upgrade"]
/// ```
package enum HeaderList {
    /// The members of one field value, in order.
    /// - Parameters:
    ///   - value: The field value.
    ///   - lowercased: Whether members are lowercased (for case-insensitive tokens such as `Connection`'s,
    ///     transfer codings and field names); default `false`, which keeps quoted text exactly.
    ///   - keepingEmpty: Whether empty members are kept (as `""`) instead of dropped; default `false`. A field that
    ///     is not a list by its grammar but tolerates repeated identical values, as `Content-Length` (RFC 9110
    ///     §8.6), keeps them, so that `5,` is refused as malformed rather than read as `5`.
    package static func members(_ value: String, lowercased: Bool = false, keepingEmpty: Bool = false) -> [String] {
        var members: [String] = []
        var start = value.utf8.startIndex
        var inQuotes = false
        var escaped = false
        var index = start
        let utf8 = value.utf8
        while index < utf8.endIndex {
            let byte = utf8[index]
            if escaped {
                escaped = false
            } else if inQuotes && byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "\"") {
                inQuotes.toggle()
            } else if !inQuotes && byte == UInt8(ascii: ",") {
                append(utf8[start..<index], to: &members, lowercased: lowercased, keepingEmpty: keepingEmpty)
                start = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        append(utf8[start..<utf8.endIndex], to: &members, lowercased: lowercased, keepingEmpty: keepingEmpty)
        return members
    }

    /// The members of every field value of a repeated field, in order (a repeated field is the same list as its
    /// values joined by commas, RFC 9110 §5.3).
    /// - Parameters:
    ///   - values: The field's values, as `HTTPHeaders.values(for:)` gives them.
    ///   - lowercased: Whether members are lowercased; default `false`.
    ///   - keepingEmpty: Whether empty members are kept; default `false`.
    package static func members(
        _ values: some Sequence<String>, lowercased: Bool = false, keepingEmpty: Bool = false
    ) -> [String] {
        values.flatMap { members($0, lowercased: lowercased, keepingEmpty: keepingEmpty) }
    }

    /// The content of a quoted string (`"a \"b\""` is `a "b"`), or `text` as it is when it is not one.
    /// - Parameter text: A member's value, such as the part after `=` of a directive.
    package static func unquoted(_ text: some StringProtocol) -> String {
        guard text.count >= 2, text.first == "\"", text.last == "\"" else {
            return String(text)
        }
        var result = ""
        var escaped = false
        for character in text.dropFirst().dropLast() {
            if !escaped && character == "\\" {
                escaped = true
                continue
            }
            escaped = false
            result.append(character)
        }
        return result
    }

    private static func append(
        _ bytes: Substring.UTF8View, to members: inout [String], lowercased: Bool, keepingEmpty: Bool
    ) {
        let isWhitespace = { (byte: UInt8) in byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        guard let first = bytes.firstIndex(where: { !isWhitespace($0) }),
            let last = bytes.lastIndex(where: { !isWhitespace($0) })
        else {
            if keepingEmpty {
                members.append("")
            }
            return
        }
        let member = String(Substring(bytes[first...last]))
        members.append(lowercased ? member.lowercased() : member)
    }
}
