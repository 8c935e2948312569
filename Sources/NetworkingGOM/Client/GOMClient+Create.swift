import Foundation
public import Networking

extension GOMClient {
    /// Creates a node under `node` with a name the GOM chooses (a UUID), and returns it as the GOM then has it.
    ///
    /// Sends one `POST` of a `<node>` body to the parent, redirects not followed: the GOM answers
    /// `303 See Other` with an absolute `Location` or `201 Created` with a path-only one (301, 302, 307, 308 and
    /// any 2xx with a `Location` are read the same way). The new node's path is taken from the `Location`, then
    /// the node is retrieved. The create is never sent twice, by redirect or otherwise.
    ///
    /// ```swift
    /// switch await gom.create(under: "/areas/home/rooms", attributes: ["name": "kitchen"]) {
    /// case .success(let room): print(room.uri)  // /areas/home/rooms/6f1c…
    /// case .failure(let error): print(error)
    /// }
    /// ```
    /// - Parameters:
    ///   - node: The parent node's path; it must exist (a missing parent is `RepositoryError/requestError(_:)`
    ///     with status 404).
    ///   - attributes: The new node's attributes; names follow the rule of path names.
    /// - Returns: The new node. An answer without a `Location`, or with one that names no node under the GOM
    ///   root (another server, a path outside the root's path, an attribute), is
    ///   `RepositoryError/decodeError(_:)` with a message naming the parent, the status and the `Location`:
    ///   the GOM may have created the node, but its path is unknown. A failed retrieve of the new node is that
    ///   retrieve's error.
    public func create(under node: String, attributes: [String: String] = [:]) async -> Result<
        GOMNode, RepositoryError
    > {
        let parent: GOMPath
        let body: Data
        do throws(RepositoryError) {
            parent = try GOMPath.node(node, for: "create")
            body = try Self.nodeBody(attributes, for: "create under \(node)")
        } catch {
            return .failure(error)
        }
        let answer = await performDataRequest(
            method: .post, path: parent.description, body: body, contentType: Self.xml, headers: Self.acceptJSON,
            followsRedirects: false)
        let created: GOMPath
        do throws(RepositoryError) {
            created = try createdPath(from: answer, parent: parent)
        } catch {
            return .failure(error)
        }
        return await retrieve(created).flatMap { entry in
            guard case .node(let node) = entry else {
                return .failure(.decodeError(.custom("GOM \(created): expected the created node, found an attribute")))
            }
            return .success(node)
        }
    }

    /// The new node's path from the answer to a create: its `Location`, for a 2xx or one of
    /// ``GOMCreatedLocation/redirectStatuses``; any other failure passes through.
    private func createdPath(
        from answer: Result<HTTPResponse, RepositoryError>, parent: GOMPath
    ) throws(RepositoryError) -> GOMPath {
        let root = try configuration.baseURL()
        // A 2xx arrives as a response, a 3xx (not followed) as the error carrying it.
        let response: ResponseError
        switch answer {
        case .success(let success):
            response = ResponseError(success)
        case .failure(.requestError(let redirect)) where Self.isCreateRedirect(redirect.statusCode):
            response = redirect
        case .failure(let error):
            throw error
        }
        return try GOMCreatedLocation.nodePath(
            location: response.headers["Location"], status: response.statusCode, answeredBy: response.url, root: root,
            parent: parent)
    }

    private static func isCreateRedirect(_ status: Int) -> Bool {
        GOMCreatedLocation.redirectStatuses.contains(status)
    }
}
