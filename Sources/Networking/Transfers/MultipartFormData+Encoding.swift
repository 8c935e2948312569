public import Foundation

extension MultipartFormData {
    /// `multipart/form-data; boundary=…`, the `Content-Type` of ``encoded()``.
    public var contentType: String {
        "multipart/form-data; boundary=\(boundary)"
    }

    /// The whole body, files read now: for custom transports and tests. ``CurlTransport`` streams instead.
    /// - Returns: The encoded parts, each with its `Content-Disposition` (and `Content-Type`), between boundaries.
    /// - Throws: ``RepositoryError/invalidParameters(_:)`` naming a file that cannot be read.
    public func encoded() throws(RepositoryError) -> Data {
        var body = Data()
        for part in parts {
            body.append(Data("--\(boundary)\r\n".utf8))
            body.append(Data(Self.headers(of: part).utf8))
            switch part.content {
            case .text(let text): body.append(Data(text.utf8))
            case .data(let data): body.append(data)
            case .file(let url): body.append(try Self.read(url))
            }
            body.append(Data("\r\n".utf8))
        }
        body.append(Data("--\(boundary)--\r\n".utf8))
        return body
    }

    /// The size of ``encoded()`` in bytes, files measured on disk (0 for a file that cannot be read).
    var encodedLength: Int64 {
        parts.reduce(Int64("--\(boundary)--\r\n".utf8.count)) { total, part in
            let content: Int64
            switch part.content {
            case .text(let text): content = Int64(text.utf8.count)
            case .data(let data): content = Int64(data.count)
            case .file(let url): content = FileBody.size(of: url) ?? 0
            }
            return total + Int64("--\(boundary)\r\n".utf8.count + Self.headers(of: part).utf8.count + 2) + content
        }
    }

    /// The header lines of a part and the blank line after them, as libcurl writes them for a form.
    static func headers(of part: Part) -> String {
        var disposition = "Content-Disposition: form-data; name=\"\(escape(part.name))\""
        if let fileName = part.fileName {
            disposition += "; filename=\"\(escape(fileName))\""
        }
        var lines = disposition + "\r\n"
        if let mimeType = part.mimeType {
            lines += "Content-Type: \(mimeType)\r\n"
        }
        return lines + "\r\n"
    }

    /// Percent-encodes `"`, CR and LF in a name or file name (RFC 7578 §2, as browsers and libcurl do).
    static func escape(_ text: String) -> String {
        var escaped = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": escaped += "%22"
            case "\r": escaped += "%0D"
            case "\n": escaped += "%0A"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// Checks that every file part can be read now.
    /// - Throws: ``RepositoryError/invalidParameters(_:)`` naming the first file that is missing, not a
    ///   regular file, or unreadable.
    func validateFiles() throws(RepositoryError) {
        for url in fileURLs {
            try FileBody.validate(url, role: "multipart file")
        }
    }

    private static func read(_ url: URL) throws(RepositoryError) -> Data {
        try FileBody.validate(url, role: "multipart file")
        do {
            return try Data(contentsOf: url)
        } catch {
            throw .invalidParameters("multipart file \(url.path) could not be read: \(error.localizedDescription)")
        }
    }
}
