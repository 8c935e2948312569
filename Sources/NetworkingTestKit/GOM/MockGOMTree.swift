/// The node tree of a ``MockGOMServer``: nodes by path, each with its attributes by name and its children's paths.
/// A value type kept under the server's lock; it knows nothing of requests or sockets.
struct MockGOMTree {
    struct Attribute {
        /// The value; `nil` only for the proxy attribute while its value is computed from each request's `Host`.
        var value: String?
        var type: String
        var stamp: MockGOMStamp
    }

    struct Node {
        var stamp: MockGOMStamp
        var attributes: [String: Attribute] = [:]
        var children: Set<String> = []
    }

    private(set) var nodes: [String: Node]

    /// A tree holding only the root, stamped `stamp`.
    init(root stamp: MockGOMStamp) {
        nodes = ["/": Node(stamp: stamp)]
    }

    func node(_ path: String) -> Node? {
        nodes[path]
    }

    func attribute(_ node: String, _ name: String) -> Attribute? {
        nodes[node]?.attributes[name]
    }

    /// Creates `path` and its missing ancestors, stamped `stamp`.
    /// - Returns: The nodes created, the root side first (empty when `path` existed).
    mutating func makeNode(_ path: String, stamp: MockGOMStamp) -> [String] {
        var created: [String] = []
        for node in MockGOMPath.lineage(of: path) where nodes[node] == nil {
            nodes[node] = Node(stamp: stamp)
            if let parent = MockGOMPath.parent(of: node) {
                nodes[parent]?.children.insert(node)
            }
            created.append(node)
        }
        return created
    }

    /// Replaces a node's stamp (the node must exist).
    mutating func restamp(_ path: String, _ stamp: MockGOMStamp) {
        nodes[path]?.stamp = stamp
    }

    /// Sets an attribute of an existing node.
    mutating func setAttribute(_ node: String, _ name: String, _ attribute: Attribute) {
        nodes[node]?.attributes[name] = attribute
    }

    /// Removes an attribute.
    /// - Returns: The attribute removed, or `nil` when there was none.
    mutating func removeAttribute(_ node: String, _ name: String) -> Attribute? {
        nodes[node]?.attributes.removeValue(forKey: name)
    }

    /// Removes a node (not the root) with everything under it.
    /// - Returns: The nodes removed with their paths, the deepest first (children before their parent).
    mutating func removeNode(_ path: String) -> [(path: String, node: Node)] {
        guard path != "/", nodes[path] != nil else { return [] }
        var removed: [(path: String, node: Node)] = []
        var pending = [path]
        while let next = pending.popLast() {
            guard let node = nodes.removeValue(forKey: next) else { continue }
            removed.append((next, node))
            pending += node.children.sorted(by: >)
        }
        if let parent = MockGOMPath.parent(of: path) {
            nodes[parent]?.children.remove(path)
        }
        let depth = { (path: String) in path.count { $0 == "/" } }
        return removed.sorted { (depth($0.path), $1.path) > (depth($1.path), $0.path) }
    }
}
