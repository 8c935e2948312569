import Foundation

/// A shell command that replays a request with `curl`, redacted header values shown as `<redacted>`.
///
/// ```
/// curl -X POST 'https://api.example.com/books' -H 'Authorization: <redacted>' --data-raw '{"title":"Dune"}'
/// ```
struct CurlCommand: Sendable {
    let request: HTTPRequest
    let redaction: LogRedaction

    /// The command, on one line. A body that is binary or longer than the log limit is left out
    /// and described in a trailing shell comment.
    var rendered: String {
        var parts = ["curl"]
        parts += request.method == .head ? ["--head"] : ["-X", request.method.rawValue]
        parts.append(Self.quoted(request.url.absoluteString))
        for (name, value) in request.headers {
            parts += ["-H", Self.quoted("\(name): \(redaction.value(of: name, value))")]
        }
        if let form = request.multipart {
            parts += MultipartSummary(form: form, credentialFields: redaction.credentialFields).curlArguments()
        } else if let file = request.bodyFile {
            parts += ["--data-binary", Self.quoted("@" + file.path)]
        } else if let body = request.body, !body.isEmpty {
            let limit = RequestLogFormatter.bodyLimit
            let text = BodyExcerpt.text(of: body, limit: limit)
            let binary = "<\(body.count) bytes of binary data>"
            if body.count > limit {
                parts.append("# body not shown: \(body.count) bytes, over the \(limit)-byte log limit")
            } else if text == binary {
                parts.append("# body not shown: " + binary)
            } else {
                parts += ["--data-raw", Self.quoted(text)]
            }
        }
        return parts.joined(separator: " ")
    }

    /// `text` in single quotes for a POSIX shell; a single quote inside becomes `'\''`.
    static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }
}
