public import Foundation

/// A GOM node: a path in the tree, its attributes, and the paths of its child nodes.
///
/// ```swift
/// if case .success(.node(let home)) = await gom.retrieve("/areas/home") {
///     print(home.attributes.map(\.name), home.childNodes)
/// }
/// ```
public struct GOMNode: Codable, Sendable, Equatable {
    /// The node's path (`/areas/home`).
    public let uri: String
    /// When it was created, or `nil` when the server did not say.
    public let ctime: Date?
    /// When it was last modified, or `nil` when the server did not say.
    public let mtime: Date?
    /// Its attributes, in the server's order.
    public let attributes: [GOMAttribute]
    /// The paths of its direct child nodes, in the server's order.
    public let childNodes: [String]

    /// Creates a node.
    /// - Parameters:
    ///   - uri: The path.
    ///   - ctime: The creation time.
    ///   - mtime: The modification time.
    ///   - attributes: The attributes.
    ///   - childNodes: The child nodes' paths.
    public init(uri: String, ctime: Date?, mtime: Date?, attributes: [GOMAttribute], childNodes: [String]) {
        self.uri = uri
        self.ctime = ctime
        self.mtime = mtime
        self.attributes = attributes
        self.childNodes = childNodes
    }

    /// The attribute named `name`, if the node has it.
    public subscript(attribute name: String) -> GOMAttribute? {
        attributes.first { $0.name == name }
    }
}
