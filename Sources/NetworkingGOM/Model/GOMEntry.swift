/// What a GOM path holds: an attribute (`/areas/home:volume`) or a node (`/areas/home`).
public enum GOMEntry: Sendable, Equatable {
    /// An attribute.
    case attribute(GOMAttribute)
    /// A node.
    case node(GOMNode)
}
