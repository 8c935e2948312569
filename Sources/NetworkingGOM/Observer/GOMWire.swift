import Foundation
import Networking

/// What the observer needs of the GOM's wire format: the proxy attribute, path validation, and entry decoding
/// (shared with ``GOMClient`` through ``GOMPath`` and ``GOMWireDecoding``).
enum GOMWire {
    /// The attribute whose value is the WebSocket proxy's URL.
    static let proxyPath = "/services/websockets_proxy:url"

    /// What is wrong with `path`, or `nil` when it is a valid node or attribute path.
    static func pathProblem(_ path: String) -> String? {
        do {
            _ = try GOMPath(path)
            return nil
        } catch {
            if case .invalidParameters(let message) = error {
                return message
            }
            return "\(error)"
        }
    }

    /// The entry of a GNP `initial` or change wrapper (`{"attribute": …}`, `{"node": …}`), `nil` for a `null` one.
    /// - Throws: A `DecodeError` when it is neither shape.
    static func entry(from wrapper: JSONValue) throws -> GOMEntry? {
        try GOMWireDecoding.optionalEntry(from: Data(wrapper.description.utf8), path: "GNP frame")
    }
}
