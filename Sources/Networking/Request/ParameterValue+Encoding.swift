import Foundation

extension ParameterValue {
    /// The value as compact JSON with sorted keys.
    var jsonData: Data {
        var text = ""
        writeJSON(to: &text)
        return Data(text.utf8)
    }

    private func writeJSON(to text: inout String) {
        switch self {
        case .null: text += "null"
        case .bool(let value): text += value ? "true" : "false"
        case .number(let value): text += value
        case .string(let value): JSONStringLiteral.append(value, to: &text)
        case .array(let elements):
            text += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { text += "," }
                element.writeJSON(to: &text)
            }
            text += "]"
        case .object(let members):
            text += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { text += "," }
                JSONStringLiteral.append(member.key, to: &text)
                text += ":"
                member.value.writeJSON(to: &text)
            }
            text += "}"
        }
    }

    /// The value as query text: keys sorted, arrays as `k[]=v`, dictionaries as `k[sub]=v` (brackets
    /// percent-encoded, as RFC 3986 requires in a query), nil and empty collections left out, and every
    /// character but the unreserved ones escaped (so `+` is `%2B` and a space is `%20`).
    var queryString: String {
        guard case .object(let members) = self else {
            return ""
        }
        var pairs: [String] = []
        for member in members {
            member.value.appendQueryPairs(key: Self.escape(member.key), to: &pairs)
        }
        return pairs.joined(separator: "&")
    }

    private func appendQueryPairs(key: String, to pairs: inout [String]) {
        switch self {
        case .null: break
        case .bool(let value): pairs.append("\(key)=\(value ? "true" : "false")")
        case .number(let value): pairs.append("\(key)=\(Self.escape(value))")
        case .string(let value): pairs.append("\(key)=\(Self.escape(value))")
        case .array(let elements):
            for element in elements {
                element.appendQueryPairs(key: key + "%5B%5D", to: &pairs)
            }
        case .object(let members):
            for member in members {
                member.value.appendQueryPairs(key: "\(key)%5B\(Self.escape(member.key))%5D", to: &pairs)
            }
        }
    }

    /// Percent-encodes everything but RFC 3986 unreserved characters (`A-Z a-z 0-9 - . _ ~`).
    static func escape(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
}
