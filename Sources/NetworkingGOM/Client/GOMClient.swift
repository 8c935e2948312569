import Foundation
public import Networking

/// A client of an ART+COM GOM: a tree of nodes (`/areas/home`) holding string attributes
/// (`/areas/home:volume`), read as JSON and written as XML over REST.
///
/// The configuration's base URL is the GOM root; a path is appended to it as written, `:` included. Every
/// path is validated before any I/O (see the rules below), and every call returns a `Result`:
///
/// ```swift
/// let gom = GOMClient(configuration: NetworkingConfiguration(useSecureConnection: false, domainURL: "gom.local",
///                                                            port: 3080))
/// _ = await gom.updateAttribute("/areas/home:volume", value: "11")
/// if case .success(.attribute(let volume)) = await gom.retrieve("/areas/home:volume") {
///     print(volume.value ?? "unset")  // 11
/// }
/// let kitchen = try await gom.create(under: "/areas/home", attributes: ["name": "kitchen"]).get()
/// _ = await gom.updateNode(kitchen.uri, attributes: ["lights": "on"])  // merges: "name" is kept
/// _ = await gom.destroy(kitchen.uri)
/// ```
///
/// Paths start with `/`; the root is `/`; an attribute path has one `:` before the attribute's name, in its last
/// segment. Node and attribute names hold only ASCII letters, digits, `-`, `_`, `.` and `~`, and are never
/// `.` or `..`: anything else (whitespace, controls, `//`, a trailing `/`, `?`, `#`, `%`…) is
/// `RepositoryError/invalidParameters(_:)` naming the path, and nothing is sent. Attribute names in the
/// dictionaries of ``create(under:attributes:)`` and ``updateNode(_:attributes:)`` follow the same rule, so that
/// every attribute written can be read by its path. Names and values are XML-escaped; a value may hold any
/// character XML 1.0 can carry.
///
/// Errors are the repository's: a status other than 2xx is `RepositoryError/requestError(_:)` with the whole
/// response (401: `RepositoryError/unauthenticatedSession(_:)`), a body that is not a GOM entry is
/// `RepositoryError/decodeError(_:)` naming the path. Interceptors, event monitors, pinning and timeouts of
/// the configuration apply to every call.
public final class GOMClient: AbstractRepository, @unchecked Sendable {
    // @unchecked Sendable: no stored properties of its own; AbstractRepository's are immutable.

    /// Reads a node or an attribute (`GET` with `Accept: application/json`).
    ///
    /// ```swift
    /// switch await gom.retrieve("/areas/home") {
    /// case .success(.node(let home)): print(home.attributes.map(\.name), home.childNodes)
    /// case .success(.attribute(let attribute)): print(attribute.value ?? "")
    /// case .failure(.requestError(let response)) where response.statusCode == 404: print("no such path")
    /// case .failure(let error): print(error)
    /// }
    /// ```
    /// - Parameter path: A node path (`/areas/home`) or an attribute path (`/areas/home:volume`).
    /// - Returns: The entry: an attribute for an attribute path, a node for a node path. A missing path is
    ///   `RepositoryError/requestError(_:)` with status 404; a body of the other kind, or of neither, is
    ///   `RepositoryError/decodeError(_:)`.
    public func retrieve(_ path: String) async -> Result<GOMEntry, RepositoryError> {
        let gomPath: GOMPath
        do throws(RepositoryError) {
            gomPath = try GOMPath(path)
        } catch {
            return .failure(error)
        }
        return await retrieve(gomPath)
    }

    /// Whether a node or an attribute exists: a 2xx answer to its retrieve is `true`, a 404 is `false`.
    ///
    /// ```swift
    /// if case .success(false) = await gom.exists("/areas/home:volume") {
    ///     _ = await gom.updateAttribute("/areas/home:volume", value: "5")
    /// }
    /// ```
    /// - Parameter path: A node or attribute path.
    /// - Returns: Whether it exists; any other error (another status, no connection…) passes through.
    public func exists(_ path: String) async -> Result<Bool, RepositoryError> {
        let gomPath: GOMPath
        do throws(RepositoryError) {
            gomPath = try GOMPath(path)
        } catch {
            return .failure(error)
        }
        let answer = await performDataRequest(
            method: .get, path: gomPath.description, body: nil, contentType: "", headers: Self.acceptJSON)
        switch answer {
        case .success: return .success(true)
        case .failure(.requestError(let response)) where response.statusCode == 404: return .success(false)
        case .failure(let error): return .failure(error)
        }
    }

    /// Sets one attribute (`PUT /node:attribute` with `<attribute type="string">VALUE</attribute>`); the GOM
    /// creates the attribute, and its node and the node's ancestors, when missing.
    ///
    /// ```swift
    /// _ = await gom.updateAttribute("/areas/home:volume", value: "11")
    /// ```
    /// - Parameters:
    ///   - path: An attribute path; a node path is `RepositoryError/invalidParameters(_:)`.
    ///   - value: The new value, XML-escaped on the wire.
    /// - Returns: Success, or why the GOM did not take the value.
    public func updateAttribute(_ path: String, value: String) async -> Result<Void, RepositoryError> {
        let gomPath: GOMPath
        let body: Data
        do throws(RepositoryError) {
            gomPath = try GOMPath.attribute(path, for: "updateAttribute")
            body = try GOMXML.attribute(value: value)
        } catch {
            return .failure(error)
        }
        return await write(.put, gomPath, body: body)
    }

    /// Sets several attributes of a node in one request (`PUT /node` with one `<attribute>` per entry, sorted
    /// by name). The GOM merges: the attributes named are set, the node's other attributes are kept; the node is
    /// created when missing (so an empty dictionary creates a node at a path of one's choosing).
    ///
    /// ```swift
    /// _ = await gom.updateNode("/areas/home", attributes: ["volume": "11", "lights": "on"])
    /// ```
    /// - Parameters:
    ///   - path: A node path; an attribute path is `RepositoryError/invalidParameters(_:)`.
    ///   - attributes: Names and values; names follow the rule of path names.
    /// - Returns: Success, or why the GOM did not take the values.
    public func updateNode(_ path: String, attributes: [String: String]) async -> Result<Void, RepositoryError> {
        let gomPath: GOMPath
        let body: Data
        do throws(RepositoryError) {
            gomPath = try GOMPath.node(path, for: "updateNode")
            body = try Self.nodeBody(attributes, for: "updateNode \(path)")
        } catch {
            return .failure(error)
        }
        return await write(.put, gomPath, body: body)
    }

    /// Deletes a node (with everything under it) or an attribute (`DELETE`). A path that does not exist is a
    /// success too (404 included): afterwards, it is not there.
    ///
    /// ```swift
    /// _ = await gom.destroy("/areas/home:volume")
    /// ```
    /// - Parameter path: A node or attribute path.
    /// - Returns: Success, or why the GOM did not delete it.
    public func destroy(_ path: String) async -> Result<Void, RepositoryError> {
        let gomPath: GOMPath
        do throws(RepositoryError) {
            gomPath = try GOMPath(path)
        } catch {
            return .failure(error)
        }
        let answer = await performDataRequest(method: .delete, path: gomPath.description, body: nil, contentType: "")
        switch answer {
        case .success: return .success(())
        case .failure(.requestError(let response)) where response.statusCode == 404: return .success(())
        case .failure(let error): return .failure(error)
        }
    }

    // MARK: - Shared steps

    /// `Accept: application/json`, which GOM servers need to answer JSON rather than HTML or XML.
    static let acceptJSON = ["Accept": "application/json"]

    /// Retrieves a validated path, checking that the entry is of the path's kind.
    func retrieve(_ path: GOMPath) async -> Result<GOMEntry, RepositoryError> {
        let text = path.description
        let expectsAttribute = path.isAttribute
        return await performRequest(method: .get, path: text, headers: Self.acceptJSON) { data throws(DecodeError) in
            let entry = try GOMWireDecoding.entry(from: data, path: text)
            switch (entry, expectsAttribute) {
            case (.attribute, true), (.node, false): return entry
            case (.node, true): throw .custom("GOM \(text): expected an attribute, the server answered a node")
            case (.attribute, false): throw .custom("GOM \(text): expected a node, the server answered an attribute")
            }
        }
    }

    /// Sends an XML write and forgets the answer's body (`{"status": 200}` or `201`).
    func write(_ method: HTTPMethod, _ path: GOMPath, body: Data) async -> Result<Void, RepositoryError> {
        await performDataRequest(method: method, path: path.description, body: body, contentType: Self.xml)
            .map { _ in () }
    }

    /// The `<node>` body of `attributes`, each name checked as a path's attribute name.
    static func nodeBody(_ attributes: [String: String], for operation: String) throws(RepositoryError) -> Data {
        for name in attributes.keys.sorted() {
            try GOMPath.validateAttributeName(name, for: operation)
        }
        return try GOMXML.node(attributes: attributes)
    }

    /// The media type of GOM writes.
    static let xml = "application/xml"
}
