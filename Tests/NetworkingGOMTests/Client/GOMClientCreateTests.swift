import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// create(under:attributes:): one POST, never followed, the new node read from its Location.
@Suite("GOM client create", .timeLimit(.minutes(1)))
struct GOMClientCreateTests {
    @Test(
        "created under a node, answered 303 absolute or 201 path-only: one POST of the <node> body, then one GET",
        arguments: [FakeGOM.CreateAnswer.seeOtherAbsolute, .createdPathOnly])
    func create(answer: FakeGOM.CreateAnswer) async throws {
        // Given a GOM with the parent node, answering creates one way or the other
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        gom.addNode("/areas/home/rooms")
        gom.state.withLock { $0.createAnswer = answer }
        let client = GOMClient(configuration: gom.configuration())

        // When a node is created with two attributes
        let node = try await client.create(under: "/areas/home/rooms", attributes: ["name": "kitchen", "floor": "0"])
            .get()

        // Then it is a new UUID child with the attributes
        let uuid = try #require(node.uri.split(separator: "/").last)
        #expect(node.uri == "/areas/home/rooms/\(uuid)")
        #expect(UUID(uuidString: String(uuid)) != nil)
        #expect(uuid == uuid.lowercased())
        #expect(node.attributes.map(\.name) == ["floor", "name"])
        #expect(node[attribute: "name"]?.value == "kitchen")
        #expect(node.ctime == FakeGOM.ctimeDate)

        // And exactly one POST went out, with the XML body, followed by one GET of the new node
        let requests = gom.server.recordedRequests
        #expect(requests.map(\.method) == ["POST", "GET"])
        let post = try #require(requests.first)
        #expect(post.target == "/areas/home/rooms")
        #expect(post.headers["Content-Type"] == "application/xml")
        #expect(post.headers["Accept"] == "application/json")
        #expect(
            post.bodyString
                == #"<node><attribute name="floor" type="string">0</attribute>"#
                + #"<attribute name="name" type="string">kitchen</attribute></node>"#)
        #expect(requests.last?.target == node.uri)
    }

    @Test("created under the root, without attributes: an empty <node> body and a child of /")
    func createUnderRoot() async throws {
        // Given an empty GOM
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        let client = GOMClient(configuration: gom.configuration())

        // When a node is created under the root
        let node = try await client.create(under: "/").get()

        // Then the POST went to / with an empty node, and the node is a child of the root
        #expect(gom.server.recordedRequests.first?.bodyString == "<node></node>")
        #expect(gom.server.recordedRequests.first?.target == "/")
        #expect(node.uri.split(separator: "/").count == 1)
        #expect(node.attributes.isEmpty)
    }

    @Test("created under a missing parent: requestError 404, and nothing after the POST")
    func missingParent() async throws {
        // Given an empty GOM
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        let client = GOMClient(configuration: gom.configuration())

        // When a node is created under a missing parent
        let result = await client.create(under: "/nowhere", attributes: ["a": "1"])

        // Then it is a 404 and only the POST was sent
        #expect(result.failure?.statusCode == 404)
        #expect(gom.server.recordedRequests.map(\.method) == ["POST"])
    }

    @Test(
        "no redirect of a create is followed, not even 307 or 308 (which would re-POST)",
        arguments: [301, 302, 303, 307, 308])
    func redirectsAreNotFollowed(status: Int) async throws {
        // Given a server answering the create with a redirect to the new node, which it then serves
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/areas") { _ in MockResponse(status: status, headers: ["Location": "/areas/abc"]) }
        server.route("/areas/abc") { request in
            request.method == "GET"
                ? MockResponse(status: 200, json: #"{"node": {"uri": "/areas/abc", "entries": []}}"#)
                : MockResponse(status: 405)
        }
        let client = GOMClient(configuration: configuration(server))

        // When a node is created
        let node = try await client.create(under: "/areas").get()

        // Then one POST and one GET were sent
        #expect(node.uri == "/areas/abc")
        #expect(server.recordedRequests.map { "\($0.method) \($0.target)" } == ["POST /areas", "GET /areas/abc"])
    }

    @Test("a Location on another server is an error and is not followed")
    func foreignLocation() async throws {
        // Given a server redirecting a create elsewhere
        let server = try MockServer()
        defer { server.shutdown() }
        let elsewhere = "http://127.0.0.2:\(server.port)/areas/abc"
        server.route("/areas") { _ in MockResponse(status: 303, headers: ["Location": elsewhere]) }
        let client = GOMClient(configuration: configuration(server))

        // When a node is created
        let result = await client.create(under: "/areas")

        // Then it is a decode error naming the Location, and only the POST was sent
        guard case .failure(.decodeError(let error)) = result else {
            Issue.record("expected decodeError, got \(result)")
            return
        }
        #expect(error.description.contains(#"Location "\#(elsewhere)", which is not on the GOM root"#))
        #expect(error.description.contains("the node may have been created"))
        #expect(server.requestCount == 1)
    }

    @Test("an answer without Location is an error, with no second request")
    func missingLocation() async throws {
        // Given a server answering a create 201 without a Location
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/areas") { _ in MockResponse(status: 201, json: #"{"status": 201}"#) }
        let client = GOMClient(configuration: configuration(server))

        // When a node is created
        let result = await client.create(under: "/areas")

        // Then it is a decode error saying so
        guard case .failure(.decodeError(let error)) = result else {
            Issue.record("expected decodeError, got \(result)")
            return
        }
        #expect(
            error.description == "GOM create under /areas answered HTTP 201 without a Location, so the new node's "
                + "path is unknown (the node may have been created)")
        #expect(server.requestCount == 1)
    }

    @Test("with a GOM root below a path, requests go under it and the Location is read relative to it")
    func rootWithPath() async throws {
        // Given a GOM mounted at /gom that answers with absolute Locations
        let server = try MockServer()
        defer { server.shutdown() }
        let location = server.baseURL.absoluteString + "/gom/areas/abc"
        server.route("/gom/areas") { _ in MockResponse(status: 303, headers: ["Location": location]) }
        server.route("/gom/areas/abc") { _ in
            MockResponse(status: 200, json: #"{"node": {"uri": "/areas/abc", "entries": []}}"#)
        }
        let client = GOMClient(configuration: configuration(server, subdomain: "/gom"))

        // When a node is created
        let node = try await client.create(under: "/areas").get()

        // Then the new path is relative to the root
        #expect(node.uri == "/areas/abc")
        #expect(server.recordedRequests.map(\.target) == ["/gom/areas", "/gom/areas/abc"])
    }
}
