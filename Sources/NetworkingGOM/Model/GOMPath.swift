import Networking

/// A validated GOM path: a node (`/areas/home`, the root `/`) or an attribute (`/areas/home:volume`).
///
/// ```swift
/// let volume = try GOMPath("/areas/home:volume")  // node "/areas/home", attribute "volume"
/// let root = try GOMPath("/")                      // the root node
/// _ = try GOMPath("/areas/../home")                // throws .invalidParameters
/// ```
///
/// Node names and attribute names may hold only ASCII letters, digits, `-`, `_`, `.` and `~` (RFC 3986's
/// unreserved characters), and neither may be `.` or `..`. Every such character stands in a URL path as it is,
/// so the server receives the path exactly as written; anything else (whitespace, controls, `?`, `#`, `%`, `;`,
/// non-ASCII…) would be escaped, cut or read differently along the way, and is refused before any I/O.
struct GOMPath: Sendable, Hashable, CustomStringConvertible {
    /// The node's path, or the path of the node an attribute belongs to (`/areas/home`; `/` for the root).
    let node: String
    /// The attribute's name, or `nil` for a node path.
    let attribute: String?

    /// Parses and validates `text`.
    /// - Parameter text: `/a/b` for a node, `/a/b:attr` for an attribute, `/` for the root.
    /// - Throws: `RepositoryError/invalidParameters(_:)` naming the path and what is wrong with it.
    init(_ text: String) throws(RepositoryError) {
        guard !text.isEmpty else {
            throw Self.invalid(text, "is empty; expected \"/node\" or \"/node:attribute\"")
        }
        guard text.hasPrefix("/") else {
            throw Self.invalid(text, "must start with \"/\"")
        }
        if let scalar = text.unicodeScalars.first(where: { $0.properties.isWhitespace || Self.isControl($0) }) {
            throw Self.invalid(text, "contains whitespace or a control character (\(Self.describe(scalar)))")
        }
        let colons = text.count { $0 == ":" }
        guard colons <= 1 else {
            throw Self.invalid(text, "has \(colons) \":\"; only one may separate the last segment from an attribute")
        }
        if let colon = text.firstIndex(of: ":") {
            let nodePart = String(text[..<colon])
            let name = String(text[text.index(after: colon)...])
            guard !name.contains("/") else {
                throw Self.invalid(text, "has \":\" outside its last segment; node names may not contain \":\"")
            }
            guard !name.isEmpty else {
                throw Self.invalid(text, "has an empty attribute name after \":\"")
            }
            try Self.validateNode(nodePart, in: text)
            try Self.validateName(name, role: "attribute name", in: text)
            node = nodePart
            attribute = name
        } else {
            try Self.validateNode(text, in: text)
            node = text
            attribute = nil
        }
    }

    /// Parses `text` and requires a node path.
    /// - Parameters:
    ///   - text: The path.
    ///   - operation: What needs the node, for the message (`updateNode`).
    /// - Returns: The path.
    /// - Throws: `RepositoryError/invalidParameters(_:)` when it is invalid or an attribute path.
    static func node(_ text: String, for operation: String) throws(RepositoryError) -> GOMPath {
        let path = try GOMPath(text)
        guard path.attribute == nil else {
            throw invalid(text, "is an attribute path; \(operation) needs a node path such as \"\(path.node)\"")
        }
        return path
    }

    /// Parses `text` and requires an attribute path.
    /// - Parameters:
    ///   - text: The path.
    ///   - operation: What needs the attribute, for the message (`updateAttribute`).
    /// - Returns: The path.
    /// - Throws: `RepositoryError/invalidParameters(_:)` when it is invalid or a node path.
    static func attribute(_ text: String, for operation: String) throws(RepositoryError) -> GOMPath {
        let path = try GOMPath(text)
        guard path.attribute != nil else {
            let example = path.node == "/" ? "/:name" : "\(path.node):name"
            throw invalid(text, "is a node path; \(operation) needs an attribute path such as \"\(example)\"")
        }
        return path
    }

    /// Whether this is an attribute path.
    var isAttribute: Bool {
        attribute != nil
    }

    /// The path as written: `/a/b` or `/a/b:attr`.
    var description: String {
        attribute.map { "\(node):\($0)" } ?? node
    }

    /// Checks an attribute name as one of a path's (for the names of a node write).
    /// - Parameters:
    ///   - name: The name.
    ///   - operation: What writes it, for the message.
    /// - Throws: `RepositoryError/invalidParameters(_:)` naming the attribute and what is wrong.
    static func validateAttributeName(_ name: String, for operation: String) throws(RepositoryError) {
        if let problem = problem(withName: name) {
            throw .invalidParameters("\(operation): attribute name \(name.debugDescription) \(problem)")
        }
    }

    // MARK: - Rules

    /// The node part: `/` alone, or `/` followed by non-empty segments separated by single `/`.
    private static func validateNode(_ node: String, in text: String) throws(RepositoryError) {
        guard node != "/" else {
            return
        }
        let segments = node.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        if segments.last?.isEmpty == true {
            throw invalid(text, "ends with \"/\"; only the root \"/\" may")
        }
        if segments.contains(where: \.isEmpty) {
            throw invalid(text, "has an empty segment (\"//\")")
        }
        for segment in segments {
            try validateName(String(segment), role: "node name", in: text)
        }
    }

    private static func validateName(_ name: String, role: String, in text: String) throws(RepositoryError) {
        if let problem = problem(withName: name) {
            throw invalid(text, "has a \(role) \(name.debugDescription) that \(problem)")
        }
    }

    /// What is wrong with a node or attribute name, or `nil` when it is valid.
    private static func problem(withName name: String) -> String? {
        if name.isEmpty {
            return "is empty"
        }
        if name == "." || name == ".." {
            return "is \"\(name)\", which would be read as a relative path"
        }
        if let scalar = name.unicodeScalars.first(where: { !isAllowed($0) }) {
            return "contains \(describe(scalar)); allowed are ASCII letters, digits, \"-\", \"_\", \".\" and \"~\""
        }
        return nil
    }

    /// RFC 3986's unreserved characters: ASCII letters and digits, `-`, `_`, `.`, `~`.
    static func isAllowed(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9", "-", "_", ".", "~": true
        default: false
        }
    }

    /// C0 and C1 controls, DEL, and the Unicode line and paragraph separators.
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x2028
            || scalar.value == 0x2029
    }

    /// `"?"`, or `U+0009` for what does not print.
    private static func describe(_ scalar: Unicode.Scalar) -> String {
        if isControl(scalar) || scalar.properties.isWhitespace {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "\"\(scalar)\""
    }

    private static func invalid(_ text: String, _ problem: String) -> RepositoryError {
        .invalidParameters("GOM path \(text.debugDescription) \(problem)")
    }
}
