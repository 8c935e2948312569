import Foundation
import Networking
import Testing

@testable import NetworkingGOM

@Suite("Location of a created GOM node", .timeLimit(.minutes(1)))
struct GOMCreatedLocationTests {
    private static let root = URL(string: "http://gom.test:3080")!
    private static let rootWithPath = URL(string: "https://gom.test/gom")!
    private static let answeredBy = URL(string: "http://gom.test:3080/areas")!

    @Test(
        "absolute, path-only and relative Locations on the GOM root give the node's path",
        arguments: [
            ("http://gom.test:3080/areas/6f1c", root, "/areas/6f1c"),
            ("HTTP://GOM.test:3080/areas/6f1c", root, "/areas/6f1c"),
            ("/areas/6f1c", root, "/areas/6f1c"),
            ("/areas/6f1c?format=json#x", root, "/areas/6f1c"),
            ("areas/6f1c", root, "/areas/6f1c"),
            ("  /areas/6f1c ", root, "/areas/6f1c"),
            ("https://gom.test:443/gom/areas/6f1c", rootWithPath, "/areas/6f1c"),
            ("/gom/areas/6f1c", rootWithPath, "/areas/6f1c"),
            ("/gom", rootWithPath, "/"),
            ("/areas/%36f1c", root, "/areas/6f1c"),
        ])
    func readsPath(location: String, root: URL, path: String) throws {
        // Given a Location answering a create under /areas
        let parent = try GOMPath("/areas")

        // When it is read
        let created = try GOMCreatedLocation.nodePath(
            location: location, status: 303, answeredBy: root == Self.root ? Self.answeredBy : nil, root: root,
            parent: parent)

        // Then it is the node's path below the root
        #expect(created.description == path)
    }

    @Test(
        "Locations that name no node of this GOM are decode errors naming the parent, status and Location",
        arguments: [
            (nil, "without a Location"),
            ("", "without a Location"),
            ("http://elsewhere.test:3080/areas/6f1c", "not on the GOM root"),
            ("https://gom.test:3080/areas/6f1c", "not on the GOM root"),
            ("http://gom.test:3081/areas/6f1c", "not on the GOM root"),
            ("http://gom.test/areas/6f1c", "not on the GOM root"),
            ("//elsewhere.test/areas/6f1c", "not on the GOM root"),
            ("/areas/6f1c:name", "names no GOM node"),
            ("/areas/6f1c/", "names no GOM node"),
            ("/areas/my%20room", "names no GOM node"),
            ("http://[::1", "not a URL"),
        ] as [(String?, String)])
    func refusesLocation(location: String?, problem: String) throws {
        // Given a Location that does not name a node under the root
        let parent = try GOMPath("/areas")

        // When it is read
        let result = Result { () throws(RepositoryError) in
            try GOMCreatedLocation.nodePath(
                location: location, status: 201, answeredBy: Self.answeredBy, root: Self.root, parent: parent)
        }

        // Then it is a decode error that says so, and that the node may exist
        guard case .failure(.decodeError(.custom(let message))) = result else {
            Issue.record("expected a decode error for \(location ?? "nil"), got \(result)")
            return
        }
        #expect(message.hasPrefix("GOM create under /areas answered HTTP 201"), "\(message)")
        #expect(message.contains(problem), "\(message)")
    }

    @Test("a Location outside the root's path is refused")
    func outsideRootPath() throws {
        // Given a root with a path, and a Location beside it
        let result = Result { () throws(RepositoryError) in
            try GOMCreatedLocation.nodePath(
                location: "/gomx/areas/6f1c", status: 303, answeredBy: nil, root: Self.rootWithPath,
                parent: try GOMPath("/areas"))
        }

        // Then it is a decode error naming the root's path
        guard case .failure(.decodeError(.custom(let message))) = result else {
            Issue.record("expected a decode error, got \(result)")
            return
        }
        #expect(message.contains("outside the GOM root's path /gom"), "\(message)")
    }
}
