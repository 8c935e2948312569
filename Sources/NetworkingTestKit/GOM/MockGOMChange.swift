/// One change of a ``MockGOMServer``'s tree, ready to fan out: its GNP payload and the subscribed paths it goes to.
struct MockGOMChange {
    /// The payload's JSON text: `{"create"|"update"|"delete": {"attribute"|"node": …}}`.
    let payload: String
    /// The paths whose subscribers hear of it: an attribute's own path and its node's; a node's own path and its
    /// parent's.
    let targets: [String]

    /// A created, updated or deleted attribute; `entity` is its `{"attribute": …}` wrapper.
    static func attribute(_ kind: String, _ node: String, _ name: String, entity: String) -> MockGOMChange {
        MockGOMChange(payload: "{\"\(kind)\":\(entity)}", targets: ["\(node):\(name)", node])
    }

    /// A created or deleted node; `entity` is its `{"node": …}` wrapper.
    static func node(_ kind: String, _ path: String, entity: String) -> MockGOMChange {
        var targets = [path]
        if let parent = MockGOMPath.parent(of: path) {
            targets.append(parent)
        }
        return MockGOMChange(payload: "{\"\(kind)\":\(entity)}", targets: targets)
    }
}
