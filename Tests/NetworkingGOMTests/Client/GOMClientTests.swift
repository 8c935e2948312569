import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// retrieve, exists, updateAttribute, updateNode and destroy against ``FakeGOM`` on 127.0.0.1.
@Suite("GOM client REST calls", .timeLimit(.minutes(1)))
struct GOMClientTests {
    @Test("retrieve of an attribute: GET of exactly /areas/home:volume with Accept JSON, dates parsed")
    func retrieveAttribute() async throws {
        // Given a GOM with an attribute
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        gom.set("/areas/home", "volume", "11")
        let client = GOMClient(configuration: gom.configuration())

        // When it is retrieved
        let entry = try await client.retrieve("/areas/home:volume").get()

        // Then it is the attribute, asked for with the colon literal in the request target
        let expected = GOMAttribute(
            name: "volume", node: "/areas/home", type: "string", value: "11", ctime: FakeGOM.ctimeDate,
            mtime: FakeGOM.mtimeDate)
        #expect(entry == .attribute(expected))
        let request = try #require(gom.server.recordedRequests.first)
        #expect(request.method == "GET")
        #expect(request.target == "/areas/home:volume")
        #expect(request.headers["Accept"] == "application/json")
        #expect(request.body.isEmpty)
    }

    @Test("retrieve of a node: its attributes and child node paths")
    func retrieveNode() async throws {
        // Given a node with two attributes and two children
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        gom.set("/areas/home", "volume", "11")
        gom.set("/areas/home", "lights", "on")
        gom.addNode("/areas/home/kitchen")
        gom.addNode("/areas/home/cellar/wine")
        let client = GOMClient(configuration: gom.configuration())

        // When the node and the root are retrieved
        let entry = try await client.retrieve("/areas/home").get()
        let root = try await client.retrieve("/").get()

        // Then each lists its attributes and direct children
        guard case .node(let home) = entry, case .node(let top) = root else {
            Issue.record("expected nodes, got \(entry) and \(root)")
            return
        }
        #expect(home.uri == "/areas/home")
        #expect(home.ctime == FakeGOM.ctimeDate)
        #expect(home.attributes.map(\.name) == ["lights", "volume"])
        #expect(home[attribute: "volume"]?.value == "11")
        #expect(home.childNodes == ["/areas/home/cellar", "/areas/home/kitchen"])
        #expect(top.uri == "/")
        #expect(top.childNodes == ["/areas"])
        #expect(gom.server.recordedRequests.map(\.target) == ["/areas/home", "/"])
    }

    @Test("retrieve of a missing path is requestError 404 with the server's body")
    func retrieveMissing() async throws {
        // Given an empty GOM
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        let client = GOMClient(configuration: gom.configuration())

        // When a missing node and a missing attribute are retrieved
        for path in ["/nowhere", "/nowhere:volume"] {
            let result = await client.retrieve(path)

            // Then each is a 404
            guard case .failure(.requestError(let response)) = result else {
                Issue.record("expected requestError for \(path), got \(result)")
                continue
            }
            #expect(response.statusCode == 404)
            #expect(String(decoding: response.body, as: UTF8.self).contains(#""path":"\#(path)""#))
        }
    }

    @Test("a body that is not the entry asked for is a decode error naming the path")
    func retrieveWrongShape() async throws {
        // Given a server answering a status object, and a node where an attribute was asked for
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/a") { _ in MockResponse(status: 200, json: #"{"status": 200}"#) }
        server.route("/b:c") { _ in MockResponse(status: 200, json: #"{"node": {"uri": "/b"}}"#) }
        let client = GOMClient(configuration: configuration(server))

        // When they are retrieved
        let neither = await client.retrieve("/a")
        let wrongKind = await client.retrieve("/b:c")

        // Then both are decode errors that say what was wrong where
        guard case .failure(.decodeError(let first)) = neither, case .failure(.decodeError(let second)) = wrongKind
        else {
            Issue.record("expected decode errors, got \(neither) and \(wrongKind)")
            return
        }
        #expect(first.description.contains("GOM /a: the body is neither"))
        #expect(second.description == "GOM /b:c: expected an attribute, the server answered a node")
    }

    @Test("exists: true for a node and an attribute, false for 404, other errors pass through")
    func exists() async throws {
        // Given a GOM with one attribute, and a path answering 500
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        gom.set("/areas/home", "volume", "11")
        gom.server.route("/broken") { _ in MockResponse(status: 500, text: "down") }
        let client = GOMClient(configuration: gom.configuration())

        // When existence is asked
        let node = try await client.exists("/areas/home").get()
        let attribute = try await client.exists("/areas/home:volume").get()
        let missingAttribute = try await client.exists("/areas/home:missing").get()
        let missingNode = try await client.exists("/areas/missing").get()
        let broken = await client.exists("/broken")

        // Then it is true, true, false, false, and the 500 is an error
        #expect([node, attribute, missingAttribute, missingNode] == [true, true, false, false])
        guard case .failure(.requestError(let response)) = broken else {
            Issue.record("expected requestError, got \(broken)")
            return
        }
        #expect(response.statusCode == 500)
        #expect(gom.server.recordedRequests.allSatisfy { $0.method == "GET" })
    }

    @Test("updateAttribute PUTs exactly the escaped <attribute> body as application/xml; the value reads back")
    func updateAttribute() async throws {
        // Given an empty GOM and a value with every reserved XML character
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        let client = GOMClient(configuration: gom.configuration())
        let value = #"a & b <c> "d" 'e'"#

        // When the attribute is set twice, then read
        try await client.updateAttribute("/areas/home:volume", value: "1").get()
        try await client.updateAttribute("/areas/home:volume", value: value).get()
        let entry = try await client.retrieve("/areas/home:volume").get()

        // Then both PUTs went to the attribute path with the exact XML, and the value survived
        let puts = gom.server.recordedRequests.filter { $0.method == "PUT" }
        #expect(puts.map(\.target) == ["/areas/home:volume", "/areas/home:volume"])
        #expect(puts.allSatisfy { $0.headers["Content-Type"] == "application/xml" })
        #expect(puts.first?.bodyString == #"<attribute type="string">1</attribute>"#)
        #expect(
            puts.last?.bodyString
                == #"<attribute type="string">a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;</attribute>"#)
        guard case .attribute(let attribute) = entry else {
            Issue.record("expected an attribute, got \(entry)")
            return
        }
        #expect(attribute.value == value)
    }

    @Test("updateNode PUTs one sorted, escaped <node> body; the GOM merges it with what the node had")
    func updateNode() async throws {
        // Given a node with an attribute the update does not name
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        gom.set("/areas/home", "kept", "yes")
        gom.set("/areas/home", "volume", "1")
        let client = GOMClient(configuration: gom.configuration())

        // When two attributes are set in one call
        try await client.updateNode("/areas/home", attributes: ["volume": "11", "lights": #"<on & "bright">"#]).get()
        let entry = try await client.retrieve("/areas/home").get()

        // Then one PUT carried them sorted and escaped, and the node has all three
        let puts = gom.server.recordedRequests.filter { $0.method == "PUT" }
        #expect(puts.count == 1)
        #expect(puts.first?.target == "/areas/home")
        #expect(puts.first?.headers["Content-Type"] == "application/xml")
        #expect(
            puts.first?.bodyString
                == #"<node><attribute name="lights" type="string">&lt;on &amp; &quot;bright&quot;&gt;</attribute>"#
                + #"<attribute name="volume" type="string">11</attribute></node>"#)
        guard case .node(let home) = entry else {
            Issue.record("expected a node, got \(entry)")
            return
        }
        #expect(home.attributes.map(\.name) == ["kept", "lights", "volume"])
        #expect(home[attribute: "lights"]?.value == #"<on & "bright">"#)
        #expect(home[attribute: "volume"]?.value == "11")
    }

    @Test("destroy deletes what exists, and a missing path (404) is a success too")
    func destroy() async throws {
        // Given a node with an attribute and a child
        let gom = try FakeGOM()
        defer { gom.shutdown() }
        gom.set("/areas/home", "volume", "11")
        gom.addNode("/areas/home/kitchen")
        let client = GOMClient(configuration: gom.configuration())

        // When the attribute, then the node, then both again are destroyed
        for path in ["/areas/home:volume", "/areas/home", "/areas/home:volume", "/areas/home"] {
            try await client.destroy(path).get()
        }

        // Then four DELETEs went out, the last two answered 404, and nothing is left
        #expect(gom.server.recordedRequests.map(\.method) == ["DELETE", "DELETE", "DELETE", "DELETE"])
        #expect(try await client.exists("/areas/home/kitchen").get() == false)
        #expect(try await client.exists("/areas").get() == true)
    }

    @Test("a server error on destroy is not mistaken for success")
    func destroyFailure() async throws {
        // Given a read-only GOM
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 403, json: #"{"error": "read-only"}"#) }
        let client = GOMClient(configuration: configuration(server))

        // When a node is destroyed
        let result = await client.destroy("/areas/home")

        // Then the 403 is the answer
        #expect(result.failure?.statusCode == 403)
    }
}

/// A plain configuration for `server` on 127.0.0.1.
func configuration(_ server: MockServer, subdomain: String? = nil) -> NetworkingConfiguration {
    NetworkingConfiguration(
        useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, subdomainURL: subdomain, timeout: 10)
}

extension RepositoryError {
    /// The status of a `.requestError`, else `nil`.
    var statusCode: Int? {
        if case .requestError(let response) = self { return response.statusCode }
        return nil
    }
}
