import Foundation
import Networking

/// One GNP frame a ``GNPTestSocket`` received, decoded: its path, whether it is an `initial` or a `payload`, and the
/// inner JSON (double-encoded on the wire).
struct GNPTestFrame: Sendable {
    /// The subscribed path the frame is for.
    let path: String
    /// `initial` or `payload`.
    let key: String
    /// The decoded inner JSON: an entity wrapper for an initial, `{"create"|"update"|"delete": wrapper}` for a
    /// payload.
    let inner: JSONValue

    /// Decodes a frame's text, or throws when it is not GNP.
    init(_ text: String) throws {
        let outer = try JSONValue(parsing: Data(text.utf8))
        guard let path = outer["path"]?.stringValue else {
            throw TestClientError(description: "GNP frame without a path: \(text)")
        }
        self.path = path
        if let initial = outer["initial"]?.stringValue {
            key = "initial"
            inner = try JSONValue(parsing: Data(initial.utf8))
        } else if let payload = outer["payload"]?.stringValue {
            key = "payload"
            inner = try JSONValue(parsing: Data(payload.utf8))
        } else {
            throw TestClientError(description: "GNP frame neither initial nor payload: \(text)")
        }
    }

    /// The payload's event (`create`, `update`, `delete`), or `nil` for an initial.
    var event: String? {
        key == "payload" ? inner.objectValue?.keys.first : nil
    }

    /// The entity wrapper: the initial itself, or the payload's event value.
    var entity: JSONValue? {
        guard let event else { return inner }
        return inner[event]
    }

    /// The attribute in the entity, if it is one.
    var attribute: JSONValue? {
        entity?["attribute"]
    }
}
