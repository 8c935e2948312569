import Foundation

/// Renders the logger's messages. Lines hold redacted header values; the caller scrubs the joined
/// message of any other secret with ``LogRedaction/scrub(_:)``.
struct RequestLogFormatter: Sendable {
    /// How much of a body is printed.
    static let bodyLimit = 4096
    /// How much of a failed response's body its one-line summary shows.
    static let excerptLimit = 200

    let redaction: LogRedaction

    /// `→ GET https://host/path`, or `→ GET https://host/path (attempt 2)` from the second attempt of a call on.
    func requestLine(_ request: HTTPRequest, attempt: Int = 1) -> String {
        "→ \(request.method.rawValue) \(request.url.absoluteString)" + Self.attemptSuffix(attempt)
    }

    /// The request's headers, body and a cURL command that replays it, indented under the request line.
    func requestDetails(_ request: HTTPRequest) -> [String] {
        var lines = headerLines(request.headers)
        if let form = request.multipart {
            lines.append("  Body: " + MultipartSummary(form: form, credentialFields: redaction.credentialFields).text)
        } else if let file = request.bodyFile {
            let size = FileBody.size(of: file).map { Self.size(Int($0)) } ?? "unreadable"
            lines.append("  Body: file \(file.path) (\(size))")
        } else if let body = request.body, !body.isEmpty {
            lines.append("  Body: " + BodyExcerpt.text(of: body, limit: Self.bodyLimit))
        }
        lines.append("  cURL: " + CurlCommand(request: request, redaction: redaction).rendered)
        return lines
    }

    /// `GET https://host/path → 200 in 12.3 ms, 1.2 KiB`, then ` (cache hit)` or ` (revalidated 304)` for a
    /// response the cache answered; a non-2xx status is followed by the start
    /// of its body, on the same line, when `excerpt` is set.
    func responseLine(
        _ request: HTTPRequest, _ response: HTTPResponse, attempt: Int = 1, elapsed: Duration, excerpt: Bool
    ) -> String {
        let line =
            "\(request.method.rawValue) \(request.url.absoluteString)\(Self.attemptSuffix(attempt)) → \(response.statusCode) "
            + "in \(Self.milliseconds(elapsed)), \(Self.bodySize(of: response, for: request))"
            + Self.cacheSuffix(response)
        guard excerpt, !(200..<300).contains(response.statusCode), !response.body.isEmpty else {
            return line
        }
        let text = BodyExcerpt.text(of: response.body, limit: Self.excerptLimit)
        return line + ": " + text.split(whereSeparator: \.isNewline).joined(separator: " ")
    }

    /// `1.2 KiB`, or `6.0 MiB to file` for a body a download wrote to disk.
    static func bodySize(of response: HTTPResponse, for request: HTTPRequest) -> String {
        guard let file = request.responseBodyFile, response.body.isEmpty, (200..<300).contains(response.statusCode),
            let written = FileBody.size(of: file)
        else {
            return size(response.body.count)
        }
        return size(Int(written)) + " to file"
    }

    /// The response's headers and body, indented under the response line.
    func responseDetails(_ response: HTTPResponse) -> [String] {
        var lines = headerLines(response.headers)
        if !response.body.isEmpty {
            lines.append("  Body: " + BodyExcerpt.text(of: response.body, limit: Self.bodyLimit))
        }
        return lines
    }

    /// `GET https://host/path ✕ No network connection: … in 12.3 ms`
    func failureLine(_ request: HTTPRequest, _ error: RepositoryError, attempt: Int = 1, elapsed: Duration) -> String {
        "\(request.method.rawValue) \(request.url.absoluteString)\(Self.attemptSuffix(attempt)) ✕ \(error.description) "
            + "in \(Self.milliseconds(elapsed))"
    }

    /// ` (cache hit)` or ` (revalidated 304)` for a response a ``ResponseCache`` answered, else nothing.
    static func cacheSuffix(_ response: HTTPResponse) -> String {
        switch CacheStatus(of: response) {
        case .hit: " (cache hit)"
        case .revalidated: " (revalidated 304)"
        case .miss, nil: ""
        }
    }

    /// Nothing for a call's first attempt, ` (attempt n)` for the others (retries, replays, polls).
    static func attemptSuffix(_ attempt: Int) -> String {
        attempt > 1 ? " (attempt \(attempt))" : ""
    }

    private func headerLines(_ headers: HTTPHeaders) -> [String] {
        headers.map { "  \($0.name): \(redaction.value(of: $0.name, $0.value))" }
    }

    /// A duration in milliseconds with one decimal: `12.3 ms`.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let tenths = seconds * 10_000 + (attoseconds + 50_000_000_000_000) / 100_000_000_000_000
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// A byte count: `512 B`, `1.2 KiB`, `3.4 MiB`.
    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1024:
            return "\(bytes) B"
        case ..<(1024 * 1024):
            return oneDecimal(bytes, 1024) + " KiB"
        default:
            return oneDecimal(bytes, 1024 * 1024) + " MiB"
        }
    }

    private static func oneDecimal(_ value: Int, _ unit: Int) -> String {
        let tenths = (value * 10 + unit / 2) / unit
        return "\(tenths / 10).\(tenths % 10)"
    }
}
