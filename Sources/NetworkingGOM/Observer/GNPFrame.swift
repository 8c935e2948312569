import Foundation
import Networking

/// One GNP frame from the WebSocket proxy, parsed: the initial state of a subscribed path, or a change under it.
/// Anything else is malformed (``parse(_:)`` returns `nil`; the observer drops and counts it).
enum GNPFrame: Equatable {
    /// `{"path": P, "initial": "<entry JSON>"}`: P's state when it was subscribed (`nil`: it does not exist).
    case initial(path: String, entry: GOMEntry?)
    /// `{"path": P, "payload": "{\"update\": <entry>}"}`: a change of P, of one of its attributes, or of a child.
    case change(path: String, notification: GOMNotification)

    /// The subscribe command for `path`.
    static func subscribe(_ path: String) -> String {
        command("subscribe", path)
    }

    /// The unsubscribe command for `path`.
    static func unsubscribe(_ path: String) -> String {
        command("unsubscribe", path)
    }

    private static func command(_ name: String, _ path: String) -> String {
        let object: JSONValue = ["command": .string(name), "path": .string(path)]
        return object.description
    }

    /// Parses a frame's text.
    /// - Parameter text: The frame.
    /// - Returns: The frame, or `nil` when it is not GNP (not JSON, no path, an unknown event, an entry of the wrong
    ///   shape).
    static func parse(_ text: String) -> GNPFrame? {
        guard let outer = try? JSONValue(parsing: Data(text.utf8)), let path = outer["path"]?.stringValue else {
            return nil
        }
        if let initial = outer["initial"]?.stringValue {
            guard let inner = try? JSONValue(parsing: Data(initial.utf8)) else {
                return nil
            }
            guard let entry = Self.decode(inner) else {
                return nil
            }
            return .initial(path: path, entry: entry.flatMap(Self.existing))
        }
        guard let payload = outer["payload"]?.stringValue,
            let inner = try? JSONValue(parsing: Data(payload.utf8)), let object = inner.objectValue, object.count == 1,
            let (key, wrapper) = object.first, let kind = GOMNotification.Kind(rawValue: key), kind != .initial
        else {
            return nil
        }
        guard let entry = Self.decode(wrapper), let subject = Self.subject(of: wrapper) ?? entry.map(Self.path) else {
            return nil
        }
        return .change(
            path: path, notification: GOMNotification(kind: kind, path: subject, entry: kind == .delete ? nil : entry))
    }

    /// The wrapper's entry (`.some(nil)` for a `null` wrapper), or `nil` when it is not an entry at all.
    private static func decode(_ wrapper: JSONValue) -> GOMEntry?? {
        do {
            return .some(try GOMWire.entry(from: wrapper))
        } catch {
            return nil
        }
    }

    /// A proxy's initial for a path that does not exist reads as an attribute without value or dates, or
    /// `{"node": null}`: both are "nothing there".
    private static func existing(_ entry: GOMEntry) -> GOMEntry? {
        if case .attribute(let attribute) = entry, attribute.value == nil, attribute.ctime == nil,
            attribute.mtime == nil
        {
            return nil
        }
        return entry
    }

    /// The path an event is about, read from its wrapper: `node:name` for an attribute, `uri` for a node.
    private static func subject(of wrapper: JSONValue) -> String? {
        if let attribute = wrapper["attribute"], let node = attribute["node"]?.stringValue,
            let name = attribute["name"]?.stringValue
        {
            return "\(node):\(name)"
        }
        return wrapper["node"]?["uri"]?.stringValue
    }

    private static func path(of entry: GOMEntry) -> String {
        switch entry {
        case .attribute(let attribute): attribute.path
        case .node(let node): node.uri
        }
    }
}
