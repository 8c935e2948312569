import Foundation

/// Hides the values of credential fields in free text: JSON members such as `"password": "…"` or
/// `"access_token": "…"`, and form or query pairs such as `password=…` or `?api_key=…`. A login body, or
/// a response handing out a token, is logged with those values as `<redacted>`.
///
/// A field is a credential when its name contains one of the logger's
/// ``NetworkActivityLogger/redactedBodyFields`` words, in any case.
struct CredentialFieldRedaction: Sendable {
    /// The words that make a field name a credential unless the logger is told otherwise.
    static let defaultWords: Set<String> = [
        "password", "passwd", "secret", "token", "api_key", "apikey", "api-key", "authorization", "credential",
    ]

    /// The lowercased words.
    let words: Set<String>
    private let jsonMember: NSRegularExpression?
    private let formPair: NSRegularExpression?

    /// The redaction for `words`, compiled once per set of words.
    static func forWords(_ words: Set<String>) -> CredentialFieldRedaction {
        let lowercased = Set(words.map { $0.lowercased() }.filter { !$0.isEmpty })
        return cache.withLock { cached in
            if let cached = cached[lowercased] {
                return cached
            }
            let redaction = CredentialFieldRedaction(words: lowercased)
            cached[lowercased] = redaction
            return redaction
        }
    }

    private init(words: Set<String>) {
        self.words = words
        guard !words.isEmpty else {
            jsonMember = nil
            formPair = nil
            return
        }
        let alternatives = words.sorted().map(NSRegularExpression.escapedPattern(for:)).joined(separator: "|")
        // Bounded repetitions keep matching linear on long runs of name characters (a JWT, a base64 blob).
        let name = #"[A-Za-z0-9_.\-\[\]]{0,64}(?:"# + alternatives + #")[A-Za-z0-9_.\-\[\]]{0,64}"#
        // `"name" : "value"`, the value possibly cut short by an excerpt's end.
        jsonMember = Self.expression(#"("\#(name)"\s*:\s*)"(?:[^"\\\n]|\\.)*"?"#)
        // `name=value` at the start, or after `?`, `&`, `;`, whitespace or a quote.
        formPair = Self.expression(#"((?:^|[?&;\s'"])\#(name)=)[^&;\s'"]*"#)
    }

    /// Whether a field of this name holds a credential.
    func isCredential(_ field: String) -> Bool {
        let lowercased = field.lowercased()
        return words.contains { lowercased.contains($0) }
    }

    /// `text` with every credential field's value replaced by `<redacted>`.
    func scrub(_ text: String) -> String {
        guard let jsonMember, let formPair else {
            return text
        }
        var text = text
        let placeholder = LogRedaction.placeholder
        for (expression, template) in [(jsonMember, "$1\"\(placeholder)\""), (formPair, "$1\(placeholder)")] {
            let range = NSRange(text.startIndex..., in: text)
            text = expression.stringByReplacingMatches(in: text, range: range, withTemplate: template)
        }
        return text
    }

    private static let cache = Locked<[Set<String>: CredentialFieldRedaction]>([:])

    private static func expression(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive, .anchorsMatchLines])
    }
}
