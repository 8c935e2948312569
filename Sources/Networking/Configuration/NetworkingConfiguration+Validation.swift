public import Foundation

extension NetworkingConfiguration {
    /// The URL every request path is appended to: `scheme://domain[:port][/subdomain]`.
    ///
    /// - Throws: ``RepositoryError/invalidURL(_:)`` or ``RepositoryError/invalidParameters(_:)``
    ///   naming the field when the configuration is invalid.
    public func baseURL() throws(RepositoryError) -> URL {
        try validate()
        var components = URLComponents()
        components.scheme = useSecureConnection ? "https" : "http"
        components.host = hostForURL
        components.port = port
        components.percentEncodedPath = subdomainURL.map(Self.percentEncodePath) ?? ""
        guard let url = components.url else {
            throw .invalidURL(
                "domainURL \"\(domainURL)\" with subdomainURL \"\(subdomainURL ?? "")\" does not form a URL")
        }
        return url
    }

    /// Checks every field, throwing the first problem found.
    func validate() throws(RepositoryError) {
        let domain = domainURL.trimmingCharacters(in: .whitespaces)
        if domain.isEmpty {
            throw .invalidURL("domainURL is empty")
        }
        if domain != domainURL || domainURL.contains(where: Self.isForbiddenInHost) || !Self.hasValidColons(domainURL) {
            throw .invalidURL(
                "domainURL \"\(domainURL)\" must be a bare host name or IP literal (no scheme, path, port or spaces)"
            )
        }
        if let port, !(1...65535).contains(port) {
            throw .invalidURL("port \(port) is outside 1...65535")
        }
        if let subdomainURL {
            if !subdomainURL.hasPrefix("/") {
                throw .invalidURL("subdomainURL \"\(subdomainURL)\" must start with \"/\"")
            }
            if subdomainURL.contains(where: { $0 == "?" || $0 == "#" || $0.isWhitespace }) {
                throw .invalidURL("subdomainURL \"\(subdomainURL)\" must be a path without query, fragment or spaces")
            }
        }
        if !(timeout.isFinite && timeout > 0) {
            throw .invalidParameters("timeout \(timeout) must be a positive number of seconds")
        }
        if !(secondsBetweenPolls.isFinite && secondsBetweenPolls >= 0) {
            throw .invalidParameters(
                "secondsBetweenPolls \(secondsBetweenPolls) must be zero or a positive number of seconds")
        }
        if let maximumPollingRetries, maximumPollingRetries < 0 {
            throw .invalidParameters("maximumPollingRetries \(maximumPollingRetries) must not be negative")
        }
    }

    /// The host as it goes in a URL: IPv6 literals in brackets.
    private var hostForURL: String {
        if domainURL.contains(":"), !domainURL.hasPrefix("[") {
            return "[\(domainURL)]"
        }
        return domainURL
    }

    private static func isForbiddenInHost(_ character: Character) -> Bool {
        character.isWhitespace || character.isNewline || "/?#@\\%".contains(character)
    }

    /// A colon is only allowed in an IPv6 literal ("::1", "[::1]"); "host:8080" must use `port`.
    private static func hasValidColons(_ host: String) -> Bool {
        guard host.contains(":") else {
            return true
        }
        let literal = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        let colonCount = literal.filter { $0 == ":" }.count
        return colonCount >= 2 && literal.allSatisfy { $0.isHexDigit || $0 == ":" || $0 == "." }
    }

    /// Percent-encodes a path, keeping "/" and valid `%XX` escapes the caller already wrote.
    static func percentEncodePath(_ path: String) -> String {
        // Most paths need no escaping: skip the per-Character Foundation calls for them.
        if path.utf8.allSatisfy(isPlainPathByte) {
            return path
        }
        var encoded = ""
        var index = path.startIndex
        while index < path.endIndex {
            let character = path[index]
            if character == "%", isEscape(path[index...]) {
                encoded.append(contentsOf: path[index..<path.index(index, offsetBy: 3)])
                index = path.index(index, offsetBy: 3)
                continue
            }
            let text = String(character)
            encoded += text.addingPercentEncoding(withAllowedCharacters: pathAllowed) ?? text
            index = path.index(after: index)
        }
        return encoded
    }

    /// ASCII letters, digits and `-._~/!$&'()*+,=:@`: what `pathAllowed` keeps, with no `%`.
    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        default:
            return "-._~/!$&'()*+,=:@".utf8.contains(byte)
        }
    }

    private static func isEscape(_ text: Substring) -> Bool {
        let characters = Array(text.prefix(3))
        return characters.count == 3 && characters[1].isHexDigit && characters[2].isHexDigit
    }

    private static let pathAllowed: CharacterSet = {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "?#;%")
        return allowed
    }()
}
