public import Foundation

/// A GOM attribute: a named string value on a node, such as `/areas/home:volume`.
///
/// ```swift
/// if case .success(.attribute(let volume)) = await gom.retrieve("/areas/home:volume") {
///     print(volume.value ?? "unset", "since", volume.mtime ?? .distantPast)
/// }
/// ```
public struct GOMAttribute: Codable, Sendable, Equatable {
    /// The attribute's name (`volume`).
    public let name: String
    /// The path of the node it belongs to (`/areas/home`).
    public let node: String
    /// The GOM type code; this client writes only `string`.
    public let type: String
    /// The value, or `nil` when the attribute has none (or does not exist yet).
    public let value: String?
    /// When it was created, or `nil` when the server did not say.
    public let ctime: Date?
    /// When it was last modified, or `nil` when the server did not say.
    public let mtime: Date?

    /// Creates an attribute.
    /// - Parameters:
    ///   - name: The name.
    ///   - node: The node's path.
    ///   - type: The type code.
    ///   - value: The value.
    ///   - ctime: The creation time.
    ///   - mtime: The modification time.
    public init(name: String, node: String, type: String, value: String?, ctime: Date?, mtime: Date?) {
        self.name = name
        self.node = node
        self.type = type
        self.value = value
        self.ctime = ctime
        self.mtime = mtime
    }

    /// The attribute's path: `node:name` (`/areas/home:volume`).
    public var path: String {
        "\(node):\(name)"
    }
}
