/// Writes JSON string literals by hand (quotes, backslash escapes, `\u00XX` for other control characters): for JSON
/// text built without an encoder, as request bodies from parameters and the test kit's GOM answers are.
package enum JSONStringLiteral {
    /// Appends `value` as a JSON string literal, quotes included.
    /// - Parameters:
    ///   - value: The string.
    ///   - text: The JSON text being written.
    package static func append(_ value: String, to text: inout String) {
        text += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        text += "\""
    }
}
