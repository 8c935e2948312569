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

    /// Parses a frame's text in two passes: the frame itself (with the fast parser), then its inner JSON text
    /// straight into the wire types (a benchmark found four passes costing most of a notification's CPU).
    /// - Parameter text: The frame.
    /// - Returns: The frame, or `nil` when it is not GNP (not JSON, no path, an unknown event, an entry of the wrong
    ///   shape).
    static func parse(_ text: String) -> GNPFrame? {
        guard let outer = try? JSONValue(parsing: Data(text.utf8)), let path = outer["path"]?.stringValue else {
            return nil
        }
        if let initial = outer["initial"]?.stringValue {
            let entry: GOMEntry?
            do {
                entry = try GOMWireDecoding.optionalEntry(from: Data(initial.utf8), path: path)
            } catch {
                return nil
            }
            return .initial(path: path, entry: entry.flatMap(Self.existing))
        }
        guard let payload = outer["payload"]?.stringValue,
            let (event, entry) = GOMWireDecoding.change(from: Data(payload.utf8)),
            let kind = GOMNotification.Kind(rawValue: event), kind != .initial,
            let subject = entry.map(Self.path)  // a change names its entity; without one there is nothing to report
        else {
            return nil
        }
        return .change(
            path: path, notification: GOMNotification(kind: kind, path: subject, entry: kind == .delete ? nil : entry))
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

    private static func path(of entry: GOMEntry) -> String {
        switch entry {
        case .attribute(let attribute): attribute.path
        case .node(let node): node.uri
        }
    }
}
