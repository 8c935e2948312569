/// One event of an observed GOM path: its current state first (``Kind-swift.enum/initial``), then its changes.
///
/// ```swift
/// for await notification in observer.observe("/areas/home") {
///     print(notification.kind, notification.path, notification.entry as Any)
/// }
/// ```
public struct GOMNotification: Sendable, Equatable {
    /// What happened.
    public enum Kind: String, Sendable {
        /// The path's state when the stream started, or after a reconnect.
        case initial
        /// Something was created: the path itself, an attribute of an observed node, or a child node.
        case create
        /// Something changed.
        case update
        /// Something was deleted.
        case delete
    }

    /// What happened.
    public let kind: Kind
    /// What the event is about: the observed path, or `/node:attr` for an attribute of an observed node.
    public let path: String
    /// The entry after the event: `nil` for a delete, and for an ``Kind-swift.enum/initial`` of a path that does not
    /// exist (yet).
    public let entry: GOMEntry?

    /// Creates a notification.
    /// - Parameters:
    ///   - kind: What happened.
    ///   - path: What it is about.
    ///   - entry: The entry after it.
    public init(kind: Kind, path: String, entry: GOMEntry?) {
        self.kind = kind
        self.path = path
        self.entry = entry
    }
}
