import Foundation

/// What the logger must never print for one request: the values of redacted headers, the values of
/// redacted JSON body fields (such as `password`) and the password in a URL's user information.
struct LogRedaction: Sendable {
    /// The text printed instead of a secret.
    static let placeholder = "<redacted>"
    /// Secrets shorter than this are only hidden where they are known to be (header values, URL
    /// passwords): scrubbing them from free text would garble unrelated words.
    static let minimumScrubbedLength = 8

    private let lowercasedNames: Set<String>
    /// The credential fields of bodies and queries whose values are secret.
    let credentialFields: CredentialFieldRedaction
    /// Pairs of text to find and its replacement, longest first, applied to every message.
    private var replacements: [(find: String, replace: String)] = []

    /// Creates the redaction for `request`.
    /// - Parameters:
    ///   - request: The request whose header values, body fields and URL password are secret.
    ///   - names: The header names to redact, any case.
    ///   - bodyFields: The words that make a body or query field a credential, any case.
    init(
        request: HTTPRequest, names: Set<String>, bodyFields: Set<String> = CredentialFieldRedaction.defaultWords
    ) {
        lowercasedNames = Set(names.map { $0.lowercased() })
        credentialFields = CredentialFieldRedaction.forWords(bodyFields)
        addSecrets(in: request.headers)
        addFieldSecrets(in: request.body)
        addFormSecrets(in: request.multipart)
        addUserInfo(of: request.url)
    }

    /// The values of a form's credential text fields, scrubbed wherever they are echoed.
    private mutating func addFormSecrets(in form: MultipartFormData?) {
        for part in form?.parts ?? [] where credentialFields.isCredential(part.name) {
            if case .text(let value) = part.content, value.count >= Self.minimumScrubbedLength {
                add(find: value, replace: Self.placeholder)
            }
        }
    }

    /// Adds the secrets of a response: its redacted header values (such as `Set-Cookie`) and URL.
    mutating func addSecrets(of response: HTTPResponse) {
        addSecrets(in: response.headers)
        addFieldSecrets(in: response.body)
        addUserInfo(of: response.url)
    }

    private mutating func addFieldSecrets(in body: Data?) {
        for secret in fieldSecrets(in: body) where secret.count >= Self.minimumScrubbedLength {
            add(find: secret, replace: Self.placeholder)
        }
    }

    /// Whether the value of the header `name` is redacted.
    func redacts(_ name: String) -> Bool {
        lowercasedNames.contains(name.lowercased())
    }

    /// The value to print for the header `name`.
    func value(of name: String, _ value: String) -> String {
        redacts(name) ? Self.placeholder : value
    }

    /// `text` with every known secret, and the value of every credential field in a body or query,
    /// replaced by `<redacted>`.
    func scrub(_ text: String) -> String {
        let scrubbed = replacements.reduce(text) { text, pair in
            text.contains(pair.find) ? text.replacingOccurrences(of: pair.find, with: pair.replace) : text
        }
        return credentialFields.scrub(scrubbed)
    }

    private mutating func addSecrets(in headers: HTTPHeaders) {
        for (name, value) in headers where redacts(name) {
            // The whole value, the credentials after an auth scheme, and a cookie's name=value pair.
            let credentials = value.split(separator: " ", maxSplits: 1).dropFirst().first.map(String.init)
            let cookie = value.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces) }
            for secret in [value, credentials, cookie].compactMap(\.self)
            where secret.count >= Self.minimumScrubbedLength {
                add(find: secret, replace: Self.placeholder)
            }
        }
    }

    private mutating func addUserInfo(of url: URL) {
        guard let components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let password = components.percentEncodedPassword
        else {
            return
        }
        let user = components.percentEncodedUser ?? ""
        add(find: "\(user):\(password)@", replace: "\(user):\(Self.placeholder)@")
        if let decoded = components.password, decoded.count >= Self.minimumScrubbedLength {
            add(find: decoded, replace: Self.placeholder)
        }
    }

    private mutating func add(find: String, replace: String) {
        guard !find.isEmpty, !replacements.contains(where: { $0.find == find }) else {
            return
        }
        replacements.append((find, replace))
        replacements.sort { $0.find.count > $1.find.count }
    }
}
