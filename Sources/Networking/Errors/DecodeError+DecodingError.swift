import Foundation

extension DecodeError {
    /// Translates a Foundation `DecodingError`, keeping the coding path (`books[3].year`).
    /// - Parameter error: The decoding error.
    public init(_ error: DecodingError) {
        switch error {
        case .typeMismatch(let type, let context):
            self = .typeMismatch(
                expected: "\(type) at \(Self.path(context.codingPath))",
                actual: Self.actual(context.debugDescription))
        case .valueNotFound(let type, let context):
            self = .typeMismatch(expected: "\(type) at \(Self.path(context.codingPath))", actual: "null")
        case .keyNotFound(let key, let context):
            self = .missingKey(Self.path(context.codingPath + [key]))
        case .dataCorrupted(let context):
            self = .custom("data corrupted at \(Self.path(context.codingPath)): \(context.debugDescription)")
        @unknown default:
            self = .custom(String(describing: error))
        }
    }

    /// Renders a coding path as `books[3].year`; the root is `(root)`.
    static func path(_ codingPath: [any CodingKey]) -> String {
        var path = ""
        for key in codingPath {
            if let index = key.intValue {
                path += "[\(index)]"
            } else {
                path += path.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return path.isEmpty ? "(root)" : path
    }

    /// Pulls what was found out of Foundation's message ("Expected to decode Int but found a string instead.").
    private static func actual(_ debugDescription: String) -> String {
        guard let range = debugDescription.range(of: "but found ") else {
            return debugDescription
        }
        var found = String(debugDescription[range.upperBound...])
        for suffix in [" instead.", "."] where found.hasSuffix(suffix) {
            found.removeLast(suffix.count)
            break
        }
        return found
    }
}
