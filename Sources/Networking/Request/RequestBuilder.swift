import Foundation

/// Turns a repository call (method, path, parameters or body, headers) into an ``HTTPRequest``.
///
/// A class, made once per repository: a call then shares it instead of copying the configuration it holds.
final class RequestBuilder: Sendable {
    let configuration: NetworkingConfiguration
    /// `configuration.baseURL()`, computed once by the repository.
    let baseURL: Result<URL, RepositoryError>
    let defaultHeaders: [String: String]
    /// The repository's URLs of query-less paths, or `nil` to build every URL.
    let pathURLs: PathURLCache?

    init(
        configuration: NetworkingConfiguration, baseURL: Result<URL, RepositoryError>, defaultHeaders: [String: String],
        pathURLs: PathURLCache? = nil
    ) {
        self.configuration = configuration
        self.baseURL = baseURL
        self.defaultHeaders = defaultHeaders
        self.pathURLs = pathURLs
    }

    /// Builds the request; every failure is an error before any I/O.
    func build(method: HTTPMethod, path: String, body: RequestBody, headers: [String: String])
        throws(RepositoryError) -> HTTPRequest
    {
        var query: String?
        var payload: Data?
        var contentType: String?
        var multipart: MultipartFormData?
        var bodyFile: URL?
        switch body {
        case .parameters(let parameters?) where configuration.encodeAsURL.contains(method):
            query = try ParameterValue.object(from: parameters).queryString
        case .parameters(let parameters?):
            payload = try ParameterValue.object(from: parameters).jsonData
        case .parameters(nil):
            break
        case .array(let elements):
            payload = try ParameterValue.normalize(elements, path: "body").jsonData
        case .encodable(let value):
            do {
                payload = try JSONEncoder.networking.encode(value)
            } catch {
                throw .invalidParameters("body of type \(type(of: value)) could not be encoded as JSON: \(error)")
            }
        case .multipart(let parameters, let form):
            query = try Self.query(parameters)
            try form.validateFiles()
            multipart = form
            contentType = form.contentType
        case .file(let parameters, let url, let type):
            query = try Self.query(parameters)
            try FileBody.validate(url, role: "upload file")
            bodyFile = url
            contentType = type
        case .data(let data, let type):
            payload = data
            contentType = type
        }
        if payload != nil && contentType == nil {
            contentType = "application/json"
        }
        var request = HTTPRequest(
            method: method,
            url: try cachedURL(path: path, query: query),
            headers: mergedHeaders(headers, contentType: contentType),
            body: payload,
            timeout: configuration.timeout,
            pinning: configuration.usePinningCertificate ? configuration.pinnedCertificates : nil)
        request.multipart = multipart
        request.bodyFile = bodyFile
        return request
    }

    /// The query of an upload's parameters, whatever the method.
    private static func query(_ parameters: [String: any Sendable]?) throws(RepositoryError) -> String? {
        guard let parameters else {
            return nil
        }
        return try ParameterValue.object(from: parameters).queryString
    }

    /// ``url(path:query:)``, from ``pathURLs`` when there is no query.
    private func cachedURL(path: String, query: String?) throws(RepositoryError) -> URL {
        guard query == nil, let pathURLs else {
            return try url(path: path, query: query)
        }
        return try pathURLs.url(for: path) { path throws(RepositoryError) in try url(path: path, query: nil) }
    }

    /// Appends `path` (never resolved relative) to the base URL and adds `query`.
    func url(path: String, query: String?) throws(RepositoryError) -> URL {
        let base = try baseURL.get()
        if Self.startsWithScheme(path) {
            throw .invalidURL("path \"\(path)\" must be relative to \(base.absoluteString), not an absolute URL")
        }
        if path.unicodeScalars.contains(where: Self.isControl) {
            throw .invalidURL("path \(path.debugDescription) contains a control character")
        }
        let parts = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let pathPart = String(parts.first ?? "").split(separator: "#", maxSplits: 1).first.map(String.init) ?? ""
        var basePath = base.path(percentEncoded: true)
        if basePath.hasSuffix("/") {
            basePath.removeLast()
        }
        let relative = pathPart.hasPrefix("/") ? String(pathPart.dropFirst()) : pathPart
        var fullPath = basePath + "/" + NetworkingConfiguration.percentEncodePath(relative)
        if relative.isEmpty, !basePath.isEmpty {
            fullPath = basePath
        }
        let queries = [parts.count > 1 ? encodeQuery(String(parts[1])) : nil, query].compactMap { $0 }
            .filter { !$0.isEmpty }
        let text =
            base.absoluteString.dropLast(base.path(percentEncoded: true).count) + fullPath
            + (queries.isEmpty ? "" : "?" + queries.joined(separator: "&"))
        guard let url = URL(string: String(text)) else {
            throw .invalidURL("path \"\(path)\" does not form a URL with \(base.absoluteString)")
        }
        return url
    }

    /// Whether `path` starts with a URL scheme and `://` (RFC 3986: a letter, then letters, digits, `+`, `-`, `.`):
    /// only such a path is an absolute URL. `://` further on, as in `redirect?to=http://example.com`, is text.
    static func startsWithScheme(_ path: String) -> Bool {
        guard let separator = path.range(of: "://") else {
            return false
        }
        let scheme = path[..<separator.lowerBound].utf8
        guard let first = scheme.first, isASCIILetter(first) else {
            return false
        }
        return scheme.allSatisfy { byte in
            isASCIILetter(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// Every C0 control (U+0000 to U+001F), DEL, and the Unicode line separators (NEL, LS, PS).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || scalar.value == 0x7F || [0x85, 0x2028, 0x2029].contains(scalar.value)
    }

    /// Escapes what may not stand in a query a caller wrote in the path, keeping `&`, `=` and escapes.
    private func encodeQuery(_ query: String) -> String {
        let withoutFragment = query.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        return String(withoutFragment).addingPercentEncoding(withAllowedCharacters: Self.queryAllowed)
            ?? String(withoutFragment)
    }

    private static let queryAllowed: CharacterSet = {
        var allowed = CharacterSet.urlQueryAllowed
        allowed.remove(charactersIn: "+ ")
        allowed.insert(charactersIn: "%")
        return allowed
    }()

    /// Default headers, then per-call headers (which win), then the body's `Content-Type` when unset.
    private func mergedHeaders(_ headers: [String: String], contentType: String?) -> HTTPHeaders {
        var merged = HTTPHeaders(defaultHeaders)
        for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
            merged[name] = value
        }
        if let contentType, !merged.contains("Content-Type") {
            merged["Content-Type"] = contentType
        }
        return merged
    }
}
