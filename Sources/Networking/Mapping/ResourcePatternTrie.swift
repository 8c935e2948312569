/// The patterns of a ``ResourcePathMatcher`` as a tree of components, built once so that matching a path walks the
/// tree instead of trying every pattern.
///
/// Each node sits at one depth, and a path has one component at each depth, so a match visits every node at most
/// once however much it backtracks. Matching reads the path's UTF-8 bytes in place and allocates nothing.
struct ResourcePatternTrie: Sendable {
    private struct Node: Sendable {
        /// Children by literal component, sorted by their bytes for a binary search.
        var literals: [Literal] = []
        /// The child for `#`.
        var digits: Int?
        /// The child for `*`.
        var single: Int?
        /// The rule of the pattern ending in `**` here.
        var rest: Int?
        /// The rule of the pattern ending exactly here.
        var rule: Int?

        /// The position of the first literal not ordered before `component`.
        func literalPosition(of component: some Collection<UInt8>) -> Int {
            var low = 0
            var high = literals.count
            while low < high {
                let middle = low + (high - low) / 2
                if literals[middle].bytes.lexicographicallyPrecedes(component) {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            return low
        }

        /// The child for the literal `component`, if a pattern names it here.
        func literal(_ component: some Collection<UInt8>) -> Int? {
            let position = literalPosition(of: component)
            guard position < literals.count, literals[position].bytes.elementsEqual(component) else {
                return nil
            }
            return literals[position].node
        }
    }

    private struct Literal: Sendable {
        var bytes: [UInt8]
        var node: Int
    }

    /// The nodes, the root first; children are indices into it.
    private var nodes = [Node()]

    /// Adds `pattern`, which ``rule(matching:)`` then reports as `rule`. A later pattern equal to an earlier one
    /// replaces it, so the caller drops duplicates first.
    mutating func insert(_ pattern: ResourcePattern, rule: Int) {
        var node = 0
        for component in pattern.components {
            switch component {
            case .literal(let bytes):
                let position = nodes[node].literalPosition(of: bytes)
                if position < nodes[node].literals.count, nodes[node].literals[position].bytes == bytes {
                    node = nodes[node].literals[position].node
                } else {
                    let child = appendNode()
                    nodes[node].literals.insert(Literal(bytes: bytes, node: child), at: position)
                    node = child
                }
            case .digits:
                node = child(of: node, at: \.digits)
            case .single:
                node = child(of: node, at: \.single)
            case .rest:
                nodes[node].rest = rule
                return
            }
        }
        nodes[node].rule = rule
    }

    /// The rule of the most specific pattern matching `path`, its query (from the first `?`) ignored.
    ///
    /// Runs of slashes count as one, and leading and trailing slashes are ignored.
    func rule(matching path: String) -> Int? {
        var path = path
        return path.withUTF8 { bytes in
            let end = bytes.firstIndex(of: ResourcePattern.questionMark) ?? bytes.count
            return rule(at: 0, path: UnsafeBufferPointer(rebasing: bytes[..<end]), from: 0)
        }
    }

    /// Depth first, most specific child first: literal, `#`, `*`, then `**`; a child whose subtree matches nothing
    /// deeper down hands over to the next.
    private func rule(at index: Int, path: UnsafeBufferPointer<UInt8>, from offset: Int) -> Int? {
        var start = offset
        while start < path.count, path[start] == ResourcePattern.slash {
            start += 1
        }
        guard start < path.count else {
            // The path ends here. A root "**" also matches the empty path; any other "**" needs a component.
            return nodes[index].rule ?? (index == 0 ? nodes[index].rest : nil)
        }
        var end = start
        while end < path.count, path[end] != ResourcePattern.slash {
            end += 1
        }
        let component = UnsafeBufferPointer(rebasing: path[start..<end])
        if let child = nodes[index].literal(component), let rule = rule(at: child, path: path, from: end) {
            return rule
        }
        if let child = nodes[index].digits, component.allSatisfy({ (0x30...0x39).contains($0) }),
            let rule = rule(at: child, path: path, from: end)
        {
            return rule
        }
        if let child = nodes[index].single, let rule = rule(at: child, path: path, from: end) {
            return rule
        }
        return nodes[index].rest
    }

    private mutating func child(of node: Int, at keyPath: WritableKeyPath<Node, Int?>) -> Int {
        if let child = nodes[node][keyPath: keyPath] {
            return child
        }
        let child = appendNode()
        nodes[node][keyPath: keyPath] = child
        return child
    }

    private mutating func appendNode() -> Int {
        nodes.append(Node())
        return nodes.count - 1
    }
}
