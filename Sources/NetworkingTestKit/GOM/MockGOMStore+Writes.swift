import Foundation

/// The writes of a ``MockGOMServer``, shared by its REST answers and its own API: each changes the tree, stamps
/// what it touched with the current time in ``MockGOMStore/timeZone``, and fans its changes out to the subscribers.
extension MockGOMStore {
    /// Sets an attribute, creating its node and the node's missing ancestors.
    /// - Returns: Whether the attribute was created (it did not exist).
    mutating func writeAttribute(_ node: String, _ name: String, value: String, type: String) -> Bool {
        let stamp = nowStamp
        // Made first: a method call reads `self` before its arguments, so `created` would see the tree unchanged.
        let made = tree.makeNode(node, stamp: stamp)
        var changes = created(made)
        let existed = set(node, name, value: value, type: type, stamp: stamp, into: &changes)
        fanOut(changes)
        return !existed
    }

    /// Merges attributes into a node, creating it and its missing ancestors: the named attributes are set, the
    /// others kept. An existing node's mtime becomes now.
    /// - Returns: Whether the node was created.
    mutating func writeNode(_ node: String, attributes: [MockGOMXMLReader.Attribute]) -> Bool {
        let stamp = nowStamp
        let made = tree.makeNode(node, stamp: stamp)
        var changes = created(made)
        if made.isEmpty, let existing = tree.node(node) {
            tree.restamp(node, existing.stamp.touched(stamp.mtime, stamp.timeZone))
        }
        for attribute in attributes {
            _ = set(
                node, attribute.name ?? "", value: attribute.value, type: attribute.type ?? "string", stamp: stamp,
                into: &changes)
        }
        fanOut(changes)
        return !made.isEmpty
    }

    /// Creates a node named by a new lowercase UUID under `parent`, with `attributes`; the parent's subscribers
    /// hear of the whole new node.
    /// - Returns: The new node's path, or `nil` when the parent does not exist.
    mutating func createNode(under parent: String, attributes: [MockGOMXMLReader.Attribute]) -> String? {
        guard tree.node(parent) != nil else { return nil }
        let stamp = nowStamp
        let child = MockGOMPath.child(UUID().uuidString.lowercased(), of: parent)
        _ = tree.makeNode(child, stamp: stamp)
        for attribute in attributes {
            let value = MockGOMTree.Attribute(value: attribute.value, type: attribute.type ?? "string", stamp: stamp)
            tree.setAttribute(child, attribute.name ?? "", value)
        }
        fanOut(created([child]))
        return child
    }

    /// Removes an attribute, or a node with everything under it (not the root); every removed attribute and node
    /// is announced as deleted, the deepest first.
    /// - Returns: Whether something was there.
    mutating func destroy(_ path: MockGOMPath) -> Bool {
        var changes: [MockGOMChange] = []
        if let name = path.attribute {
            guard let removed = tree.removeAttribute(path.node, name) else { return false }
            changes.append(
                .attribute(
                    "delete", path.node, name, entity: MockGOMTree.deletedAttributeJSON(path.node, name, removed)))
        } else {
            let removed = tree.removeNode(path.node)
            guard !removed.isEmpty else { return false }
            for (node, record) in removed {
                for name in record.attributes.keys.sorted() {
                    guard let attribute = record.attributes[name] else { continue }
                    let entity = MockGOMTree.deletedAttributeJSON(node, name, attribute)
                    changes.append(.attribute("delete", node, name, entity: entity))
                }
                changes.append(.node("delete", node, entity: MockGOMTree.deletedNodeJSON(node)))
            }
        }
        fanOut(changes)
        return true
    }

    /// Sets one attribute of an existing node and adds its create or update to `changes`.
    /// - Returns: Whether it existed.
    private mutating func set(
        _ node: String, _ name: String, value: String, type: String, stamp: MockGOMStamp,
        into changes: inout [MockGOMChange]
    ) -> Bool {
        let old = tree.attribute(node, name)
        let attribute = MockGOMTree.Attribute(
            value: value, type: type, stamp: old?.stamp.touched(stamp.mtime, stamp.timeZone) ?? stamp)
        tree.setAttribute(node, name, attribute)
        let entity = tree.attributeJSON(node, name, attribute, proxy: proxy(host: nil))
        changes.append(.attribute(old == nil ? "create" : "update", node, name, entity: entity))
        return old != nil
    }

    /// The create events of nodes just made, each with its entries as they are now.
    private func created(_ nodes: [String]) -> [MockGOMChange] {
        nodes.compactMap { node in
            tree.nodeJSON(node, proxy: proxy(host: nil)).map { MockGOMChange.node("create", node, entity: $0) }
        }
    }
}
