extension MockGOMTree {
    /// The retrieve JSON of a path: `{"attribute": {…}}` or `{"node": {…}}`, or `nil` when nothing is there.
    /// - Parameters:
    ///   - path: The path.
    ///   - proxy: The proxy attribute's value while it is computed.
    func json(_ path: MockGOMPath, proxy: String) -> String? {
        if let name = path.attribute {
            return attribute(path.node, name).map { attributeJSON(path.node, name, $0, proxy: proxy) }
        }
        return nodeJSON(path.node, proxy: proxy)
    }

    /// `{"attribute": {"name", "node", "type", "value", "ctime", "mtime"}}`.
    func attributeJSON(_ node: String, _ name: String, _ attribute: Attribute, proxy: String) -> String {
        let value = MockGOMJSON.quote(attribute.value ?? proxy)
        return "{\"attribute\":{\"name\":\(MockGOMJSON.quote(name)),\"node\":\(MockGOMJSON.quote(node)),"
            + "\"type\":\(MockGOMJSON.quote(attribute.type)),\"value\":\(value),\(attribute.stamp.jsonMembers)}}"
    }

    /// `{"node": {"uri", "ctime", "mtime", "entries"}}`: the attributes sorted by name, then the children sorted by
    /// path as shallow references `{"node": path, "ctime", "mtime"}`; `nil` when the node does not exist.
    func nodeJSON(_ path: String, proxy: String) -> String? {
        guard let node = node(path) else { return nil }
        var entries: [String] = node.attributes.keys.sorted().compactMap { name in
            node.attributes[name].map { attributeJSON(path, name, $0, proxy: proxy) }
        }
        for child in node.children.sorted() {
            guard let stamp = self.node(child)?.stamp else { continue }
            entries.append("{\"node\":\(MockGOMJSON.quote(child)),\(stamp.jsonMembers)}")
        }
        return "{\"node\":{\"uri\":\(MockGOMJSON.quote(path)),\(node.stamp.jsonMembers),\"entries\":["
            + entries.joined(separator: ",") + "]}}"
    }

    /// What a GNP initial says of a path that does not exist: an attribute without value or dates, or
    /// `{"node": null}`.
    static func missingJSON(_ path: MockGOMPath) -> String {
        guard let name = path.attribute else { return "{\"node\":null}" }
        return "{\"attribute\":{\"name\":\(MockGOMJSON.quote(name)),\"node\":\(MockGOMJSON.quote(path.node)),"
            + "\"type\":\"string\",\"value\":null}}"
    }

    /// The entity of an attribute's delete event: the attribute as it was, its value `null`.
    static func deletedAttributeJSON(_ node: String, _ name: String, _ attribute: Attribute) -> String {
        "{\"attribute\":{\"name\":\(MockGOMJSON.quote(name)),\"node\":\(MockGOMJSON.quote(node)),"
            + "\"type\":\(MockGOMJSON.quote(attribute.type)),\"value\":null,\(attribute.stamp.jsonMembers)}}"
    }

    /// The entity of a node's delete event: `{"node": {"uri": path}}`.
    static func deletedNodeJSON(_ path: String) -> String {
        "{\"node\":{\"uri\":\(MockGOMJSON.quote(path))}}"
    }
}
