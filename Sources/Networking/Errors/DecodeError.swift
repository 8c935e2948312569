/// Why a body could not be turned into the expected value (the vocabulary of Argo, which
/// wolmo-networking-ios used). Messages include the coding path, such as `books[3].year`.
public enum DecodeError: Error, Sendable, Equatable, CustomStringConvertible {
    /// A value had another type than expected.
    case typeMismatch(expected: String, actual: String)
    /// A required key was missing.
    case missingKey(String)
    /// Any other failure, described.
    case custom(String)
    /// Several failures.
    case multiple([DecodeError])

    /// What went wrong, with the coding path.
    public var description: String {
        switch self {
        case .typeMismatch(let expected, let actual):
            "type mismatch: expected \(expected), found \(actual)"
        case .missingKey(let key):
            "missing key \(key)"
        case .custom(let message):
            message
        case .multiple(let errors):
            errors.map(\.description).joined(separator: "; ")
        }
    }
}
