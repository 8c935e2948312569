import Foundation
import Networking

/// What the observer needs of the GOM's wire format besides the frames: the proxy attribute and path validation
/// (shared with ``GOMClient`` through ``GOMPath``).
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
}
