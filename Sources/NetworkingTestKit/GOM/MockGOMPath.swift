/// A GOM path as ``MockGOMServer`` reads it: a node (`/areas/home`, the root `/`) or an attribute
/// (`/areas/home:volume`, `/:name` on the root).
///
/// The server is more lenient than the client about names (any character but `/` and `:`), and strict about the
/// shape: a leading `/`, no empty segment, no trailing `/` except the root's, at most one `:`, in the last segment.
struct MockGOMPath: Hashable, CustomStringConvertible {
    /// The node's path, or the path of the node an attribute belongs to.
    let node: String
    /// The attribute's name, or `nil` for a node path.
    let attribute: String?

    /// Parses `text`, or returns `nil` when it is not a GOM path.
    init?(_ text: String) {
        guard text.hasPrefix("/"), text.count(where: { $0 == ":" }) <= 1 else { return nil }
        var node = text
        var attribute: String?
        if let colon = text.firstIndex(of: ":") {
            let name = String(text[text.index(after: colon)...])
            guard !name.isEmpty, !name.contains("/") else { return nil }
            node = String(text[..<colon])
            attribute = name
        }
        guard Self.isNode(node) else { return nil }
        self.node = node
        self.attribute = attribute
    }

    /// A node path.
    init(node: String) {
        self.node = node
        self.attribute = nil
    }

    /// The path as written: `/a/b` or `/a/b:attr`.
    var description: String {
        attribute.map { "\(node):\($0)" } ?? node
    }

    /// Whether `node` is `/` or `/` followed by non-empty segments separated by single `/`.
    static func isNode(_ node: String) -> Bool {
        guard node != "/" else { return true }
        guard node.hasPrefix("/"), !node.hasSuffix("/"), !node.contains("//") else { return false }
        return true
    }

    /// The parent of a node path; `nil` for the root.
    static func parent(of node: String) -> String? {
        guard node != "/", let slash = node.lastIndex(of: "/") else { return nil }
        return slash == node.startIndex ? "/" : String(node[..<slash])
    }

    /// The path of the child `name` of `parent`.
    static func child(_ name: String, of parent: String) -> String {
        parent == "/" ? "/" + name : parent + "/" + name
    }

    /// The node and its ancestors, the root first.
    static func lineage(of node: String) -> [String] {
        var paths = [node]
        var current = node
        while let parent = parent(of: current) {
            paths.append(parent)
            current = parent
        }
        return paths.reversed()
    }
}
