import Foundation

/// How the logger shows a multipart body: part names, file names, types and sizes, never file contents; a
/// text field's value only when its name is not a credential (and cut short).
struct MultipartSummary {
    /// How much of a text field's value is shown.
    static let valueLimit = 200

    let form: MultipartFormData
    let credentialFields: CredentialFieldRedaction

    /// `multipart/form-data, 2 parts: title="Dune"; cover: file /tmp/cover.jpg as "cover.jpg" (image/jpeg, 1.2 KiB)`
    var text: String {
        let parts = form.parts.map { part -> String in
            switch part.content {
            case .text(let value):
                guard !credentialFields.isCredential(part.name) else {
                    return "\(part.name)=\(LogRedaction.placeholder)"
                }
                let shown = value.count > Self.valueLimit ? String(value.prefix(Self.valueLimit)) + "…" : value
                return "\(part.name)=\(shown.debugDescription)"
            case .data(let data):
                return "\(part.name): \(Self.describe(part, size: Int64(data.count), source: "in memory"))"
            case .file(let url):
                return "\(part.name): \(Self.describe(part, size: FileBody.size(of: url), source: "file \(url.path)"))"
            }
        }
        let count = form.parts.count == 1 ? "1 part" : "\(form.parts.count) parts"
        return "multipart/form-data, \(count): " + parts.joined(separator: "; ")
    }

    /// The file parts as `curl -F` arguments and the text fields as `--form-string`; in-memory parts, which a
    /// command cannot replay, are described in a trailing comment.
    func curlArguments() -> [String] {
        var arguments: [String] = []
        var unshown: [String] = []
        for part in form.parts {
            switch part.content {
            case .text(let value):
                let shown = credentialFields.isCredential(part.name) ? LogRedaction.placeholder : value
                arguments += ["--form-string", CurlCommand.quoted("\(part.name)=\(shown)")]
            case .data(let data):
                unshown.append("\"\(part.name)\" (\(data.count) bytes in memory)")
            case .file(let url):
                var field = "\(part.name)=@\"\(url.path)\""
                if let fileName = part.fileName {
                    field += ";filename=\"\(fileName)\""
                }
                if let mimeType = part.mimeType {
                    field += ";type=\(mimeType)"
                }
                arguments += ["-F", CurlCommand.quoted(field)]
            }
        }
        if !unshown.isEmpty {
            arguments.append("# parts not shown: " + unshown.joined(separator: ", "))
        }
        return arguments
    }

    private static func describe(_ part: MultipartFormData.Part, size: Int64?, source: String) -> String {
        let name = part.fileName.map { " as \($0.debugDescription)" } ?? ""
        let length = size.map { RequestLogFormatter.size(Int($0)) } ?? "unreadable"
        return "\(source)\(name) (\(part.mimeType ?? MIMEType.fallback), \(length))"
    }
}
