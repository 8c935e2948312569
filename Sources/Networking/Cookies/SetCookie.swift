import Foundation

/// One `Set-Cookie` field parsed per RFC 6265 §5.2, before the storage model (§5.3) decides whether to keep it.
struct SetCookie: Equatable {
    /// The largest name plus value, in UTF-8 bytes, that is kept (RFC 6265 §6.1's minimum, the browsers' limit).
    static let maximumSize = 4096

    /// The largest `Max-Age` honoured, in seconds (about 317 years), so that the expiry stays a finite date.
    static let maximumAge: TimeInterval = 1e10

    var name: String
    var value: String
    /// The expiry from `Max-Age` (which wins) or `Expires`; `Date.distantPast` for a deletion; `nil` for a
    /// session cookie.
    var expires: Date?
    /// The `Domain` attribute, lower-cased, its leading dot removed; `nil` when absent or empty.
    var domain: String?
    /// The `Path` attribute; `nil` when absent or not starting with `/`, so that the default path applies.
    var path: String?
    var isSecure = false
    var isHTTPOnly = false
    /// `SameSite` as written.
    var sameSite: String?

    /// Parses `field`, the value of one `Set-Cookie` header, at `now`; `nil` when the field is refused: no `=`
    /// in its name-value pair, an empty name, or a name and value longer than ``maximumSize`` bytes.
    init?(_ field: String, now: Date) {
        let parts = field.split(separator: ";", omittingEmptySubsequences: false)
        guard let pair = parts.first, let equals = pair.firstIndex(of: "=") else {
            return nil
        }
        name = Self.trimmed(pair[..<equals])
        value = Self.trimmed(pair[pair.index(after: equals)...])
        guard !name.isEmpty, name.utf8.count + value.utf8.count <= Self.maximumSize else {
            return nil
        }
        var maxAgeExpiry: Date?
        var expiresExpiry: Date?
        for attribute in parts.dropFirst() {
            let equals = attribute.firstIndex(of: "=")
            let key = Self.trimmed(attribute[..<(equals ?? attribute.endIndex)]).lowercased()
            let argument = equals.map { Self.trimmed(attribute[attribute.index(after: $0)...]) } ?? ""
            switch key {
            case "expires":
                if let date = CookieDate.parse(argument) {
                    expiresExpiry = date
                }
            case "max-age":
                if let seconds = Self.maxAge(argument) {
                    maxAgeExpiry = seconds <= 0 ? .distantPast : now + min(seconds, Self.maximumAge)
                }
            case "domain":
                let stripped = argument.hasPrefix(".") ? String(argument.dropFirst()) : argument
                domain = stripped.isEmpty ? nil : stripped.lowercased()
            case "path":
                path = argument.hasPrefix("/") ? argument : nil
            case "secure":
                isSecure = true
            case "httponly":
                isHTTPOnly = true
            case "samesite":
                sameSite = argument.isEmpty ? nil : argument
            default:
                break
            }
        }
        expires = maxAgeExpiry ?? expiresExpiry
    }

    /// The seconds of a `Max-Age` value (`-`? digits, §5.2.2), or `nil` when it is malformed.
    private static func maxAge(_ text: String) -> TimeInterval? {
        let digits = text.hasPrefix("-") ? text.dropFirst() : text[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }) else {
            return nil
        }
        return TimeInterval(text)
    }

    /// `text` without leading and trailing spaces and tabs.
    private static func trimmed(_ text: Substring) -> String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let start = text.firstIndex(where: { !isSpace($0) }), let end = text.lastIndex(where: { !isSpace($0) })
        else {
            return ""
        }
        return String(text[start...end])
    }
}
