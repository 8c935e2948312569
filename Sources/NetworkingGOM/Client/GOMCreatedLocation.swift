import Foundation
import Networking

/// Reads the path of a node the GOM created from the `Location` of the create's answer, never following it.
///
/// The GOM answers a create with `303 See Other` and an absolute `Location`, or `201 Created` with a path-only
/// one; other redirects (301, 302, 307, 308) and any 2xx with a `Location` are read the same way. A relative
/// `Location` is resolved against the URL that answered (RFC 9110 §10.2.2). The URL must be on the GOM root's
/// server (same scheme, host and port) and under its path, which is removed: `http://gom:3080/areas/<uuid>`
/// with the root `http://gom:3080` gives `/areas/<uuid>`. Anything else is
/// `RepositoryError/decodeError(_:)` with a `DecodeError/custom(_:)` message naming the parent, the status
/// and the `Location`: the server's answer cannot be read, though the node may well have been created.
enum GOMCreatedLocation {
    /// The redirect statuses whose `Location` is read as the new node's URL.
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    /// The new node's path.
    /// - Parameters:
    ///   - location: The `Location` header, or `nil` when the answer had none.
    ///   - status: The answer's status, for the message.
    ///   - answeredBy: The URL that answered, to resolve a relative `Location`; `nil` uses `root`.
    ///   - root: The GOM root (the configuration's base URL).
    ///   - parent: The node the create was sent to, for the message.
    /// - Returns: The node path.
    /// - Throws: `RepositoryError/decodeError(_:)` when the `Location` does not name a node of this GOM.
    static func nodePath(
        location: String?, status: Int, answeredBy: URL?, root: URL, parent: GOMPath
    ) throws(RepositoryError) -> GOMPath {
        let context = "GOM create under \(parent) answered HTTP \(status)"
        let consequence = "the node may have been created"
        guard let location = location?.trimmingCharacters(in: .whitespaces), !location.isEmpty else {
            throw .decodeError(
                .custom("\(context) without a Location, so the new node's path is unknown (\(consequence))"))
        }
        guard let resolved = URL(string: location, relativeTo: answeredBy ?? root)?.absoluteURL else {
            throw .decodeError(.custom("\(context) with Location \(location.debugDescription), which is not a URL"))
        }
        guard sameOrigin(resolved, root) else {
            throw .decodeError(
                .custom(
                    "\(context) with Location \(location.debugDescription), which is not on the GOM root "
                        + "\(root.absoluteString); it was not followed (\(consequence))"))
        }
        var path = resolved.path(percentEncoded: false)
        var rootPath = root.path(percentEncoded: false)
        while rootPath.hasSuffix("/") {
            rootPath.removeLast()
        }
        if !rootPath.isEmpty {
            guard path == rootPath || path.hasPrefix(rootPath + "/") else {
                throw .decodeError(
                    .custom(
                        "\(context) with Location \(location.debugDescription), which is outside the GOM root's path "
                            + "\(rootPath) (\(consequence))"))
            }
            path.removeFirst(rootPath.count)
        }
        if path.isEmpty {
            path = "/"
        }
        do throws(RepositoryError) {
            return try GOMPath.node(path, for: "a created node")
        } catch {
            throw .decodeError(
                .custom("\(context) with Location \(location.debugDescription), which names no GOM node: \(error)"))
        }
    }

    /// Whether two URLs have the same scheme, host and port (the scheme's default port when none is written).
    private static func sameOrigin(_ one: URL, _ other: URL) -> Bool {
        guard let scheme = one.scheme?.lowercased(), scheme == other.scheme?.lowercased(),
            let host = one.host(percentEncoded: false)?.lowercased(),
            host == other.host(percentEncoded: false)?.lowercased()
        else {
            return false
        }
        return port(of: one, scheme: scheme) == port(of: other, scheme: scheme)
    }

    private static func port(of url: URL, scheme: String) -> Int? {
        url.port ?? ["http": 80, "https": 443][scheme]
    }
}
