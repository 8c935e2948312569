import Foundation

/// Hides the values of credential fields in free text: JSON members such as `"password": "…"` or
/// `"access_token": "…"`, and form or query pairs such as `password=…` or `?api_key=…`. A login body, or
/// a response handing out a token, is logged at `.debug` with those values as `<redacted>`.
///
/// A field is a credential when its name contains `password`, `passwd`, `secret`, `token`, `api_key`,
/// `apikey`, `api-key`, `authorization` or `credential`, in any case.
enum CredentialFieldRedaction {
    // Bounded repetitions keep matching linear on long runs of name characters (a JWT, a base64 blob).
    private static let name =
        #"[A-Za-z0-9_.\-\[\]]{0,64}(?:password|passwd|secret|token|api[_-]?key|authorization|credential)"#
        + #"[A-Za-z0-9_.\-\[\]]{0,64}"#

    /// `"name" : "value"`, the value possibly cut short by an excerpt's end.
    private static let jsonMember = expression(#"("\#(name)"\s*:\s*)"(?:[^"\\\n]|\\.)*"?"#)

    /// `name=value` at the start, or after `?`, `&`, `;`, whitespace or a quote.
    private static let formPair = expression(#"((?:^|[?&;\s'"])\#(name)=)[^&;\s'"]*"#)

    /// `text` with every credential field's value replaced by `<redacted>`.
    static func scrub(_ text: String) -> String {
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

    private static func expression(_ pattern: String) -> NSRegularExpression? {
        try? NSRegularExpression(pattern: pattern, options: [.caseInsensitive, .anchorsMatchLines])
    }
}
