/// A pattern of a ``ResourcePathMatcher`` split into its components, once it is known to be well formed.
///
/// Components are compared byte for byte as UTF-8, the way paths are split, so that a pattern matches exactly the
/// paths spelled like it (no Unicode normalisation, no case folding).
struct ResourcePattern: Sendable, Hashable {
    /// One component of a pattern.
    enum Component: Sendable, Hashable {
        /// A path component with exactly these UTF-8 bytes.
        case literal([UInt8])
        /// `#`: one component of ASCII digits only.
        case digits
        /// `*`: any one component.
        case single
        /// `**`: this component and every one after it, at least one; always the last component.
        case rest
    }

    /// What makes a pattern malformed; the description completes `pattern "…": `.
    enum Problem: Error, CustomStringConvertible {
        case whitespaceOrControlCharacter
        case questionMark
        case emptyComponent
        case mixedWildcard([UInt8])
        case restNotLast

        var description: String {
            switch self {
            case .whitespaceOrControlCharacter:
                "contains whitespace or a control character"
            case .questionMark:
                "\"?\" is not allowed (queries are ignored when matching, so a pattern cannot name one)"
            case .emptyComponent:
                "has an empty component between two slashes"
            case .mixedWildcard(let component):
                "component \(String(reflecting: String(decoding: component, as: UTF8.self))) mixes \"*\" or \"#\" "
                    + "with other characters (a wildcard component is exactly \"*\", \"**\" or \"#\")"
            case .restNotLast:
                "\"**\" must be the last component"
            }
        }
    }

    /// The components in order; empty for the pattern `""` (or `"/"`), which matches only the empty path.
    let components: [Component]

    /// Splits `pattern` on `/` after trimming its leading and trailing slashes.
    ///
    /// - Throws: The first ``Problem`` found, checking the whole text before its components.
    init(parsing pattern: String) throws(Problem) {
        let isForbidden = { (scalar: Unicode.Scalar) in
            scalar.properties.isWhitespace || scalar.properties.generalCategory == .control
        }
        if pattern.unicodeScalars.contains(where: isForbidden) {
            throw .whitespaceOrControlCharacter
        }
        if pattern.utf8.contains(ResourcePattern.questionMark) {
            throw .questionMark
        }
        let trimmed = ResourcePattern.trimmingSlashes(pattern.utf8)
        var components: [Component] = []
        if !trimmed.isEmpty {
            for part in trimmed.split(separator: ResourcePattern.slash, omittingEmptySubsequences: false) {
                if components.last == .rest {
                    throw .restNotLast
                }
                components.append(try ResourcePattern.component(part))
            }
        }
        self.components = components
    }

    private static func component(_ part: Substring.UTF8View.SubSequence) throws(Problem) -> Component {
        if part.isEmpty {
            throw .emptyComponent
        }
        if part.elementsEqual("#".utf8) {
            return .digits
        }
        if part.elementsEqual("*".utf8) {
            return .single
        }
        if part.elementsEqual("**".utf8) {
            return .rest
        }
        if part.contains(where: { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "#") }) {
            throw .mixedWildcard(Array(part))
        }
        return .literal(Array(part))
    }
}

extension ResourcePattern {
    static let slash = UInt8(ascii: "/")
    static let questionMark = UInt8(ascii: "?")

    /// `bytes` without its leading and trailing slashes.
    static func trimmingSlashes<Bytes: BidirectionalCollection<UInt8>>(_ bytes: Bytes) -> Bytes.SubSequence {
        guard let first = bytes.firstIndex(where: { $0 != slash }), let last = bytes.lastIndex(where: { $0 != slash })
        else {
            return bytes[bytes.endIndex...]
        }
        return bytes[first...last]
    }
}
