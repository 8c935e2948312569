import Foundation
import Networking
import Testing

@testable import NetworkingGOM

@Suite("GOM JSON decoding", .timeLimit(.minutes(1)))
struct GOMWireDecodingTests {
    private static let ctime = Date(timeIntervalSince1970: 1_388_335_732)

    @Test("an attribute wrapper decodes with its dates; unknown keys are ignored")
    func attribute() throws {
        // Given the JSON of an attribute, with a key the client does not know
        let json = """
            {"attribute": {"name": "volume", "node": "/areas/home", "type": "string", "value": "11",
             "ctime": "2013-12-29T17:48:52+01:00", "mtime": "2013-12-29T16:48:53.5Z", "owner": "ops"}, "extra": 1}
            """

        // When it is decoded
        let entry = try GOMWireDecoding.entry(from: Data(json.utf8), path: "/areas/home:volume")

        // Then it is the attribute
        let expected = GOMAttribute(
            name: "volume", node: "/areas/home", type: "string", value: "11", ctime: Self.ctime,
            mtime: Date(timeIntervalSince1970: 1_388_335_733.5))
        #expect(entry == .attribute(expected))
    }

    @Test("a null or missing value, a missing type and missing or unreadable dates are nil or defaults")
    func lenientAttribute() throws {
        // Given attributes with a null value and no dates, and with no value, no type and a bad date
        let nullValue = #"{"attribute": {"name": "a", "node": "/n", "type": "string", "value": null}}"#
        let sparse = #"{"attribute": {"name": "b", "node": "/", "ctime": "yesterday", "mtime": 12}}"#

        // When they are decoded
        let first = try GOMWireDecoding.entry(from: Data(nullValue.utf8), path: "/n:a")
        let second = try GOMWireDecoding.entry(from: Data(sparse.utf8), path: "/:b")

        // Then the missing parts are nil, and the type is string
        #expect(
            first == .attribute(GOMAttribute(name: "a", node: "/n", type: "string", value: nil, ctime: nil, mtime: nil))
        )
        #expect(
            second == .attribute(GOMAttribute(name: "b", node: "/", type: "string", value: nil, ctime: nil, mtime: nil))
        )
    }

    @Test("a node's entries split into attributes and child node paths, in order; unknown entries are skipped")
    func node() throws {
        // Given the JSON of a node with two attributes, two children (one as an object) and an unknown entry
        let json = """
            {"node": {"uri": "/areas/home", "ctime": "2013-12-29T17:48:52+01:00", "mtime": null, "entries": [
              {"attribute": {"name": "volume", "node": "/areas/home", "type": "string", "value": "11"}},
              {"node": "/areas/home/kitchen", "ctime": "2013-12-29T17:48:52+01:00"},
              {"attribute": {"name": "lights", "node": "/areas/home", "type": "string", "value": "on"}},
              {"node": {"uri": "/areas/home/cellar"}},
              {"script": "/areas/home/x"}
            ]}}
            """

        // When it is decoded
        let entry = try GOMWireDecoding.entry(from: Data(json.utf8), path: "/areas/home")

        // Then attributes and children are split, each in the server's order
        guard case .node(let node) = entry else {
            Issue.record("expected a node, got \(entry)")
            return
        }
        #expect(node.uri == "/areas/home")
        #expect(node.ctime == Self.ctime)
        #expect(node.mtime == nil)
        #expect(node.attributes.map(\.name) == ["volume", "lights"])
        #expect(node.attributes.map(\.value) == ["11", "on"])
        #expect(node.childNodes == ["/areas/home/kitchen", "/areas/home/cellar"])
    }

    @Test("a node without entries has none")
    func emptyNode() throws {
        // Given a node without an entries key
        let data = Data(#"{"node": {"uri": "/"}}"#.utf8)

        // When it is decoded
        let entry = try GOMWireDecoding.entry(from: data, path: "/")

        // Then it has no attributes and no children
        #expect(entry == .node(GOMNode(uri: "/", ctime: nil, mtime: nil, attributes: [], childNodes: [])))
    }

    @Test("a null wrapper is no entry: nil where that is allowed, an error naming the path where it is not")
    func nullWrapper() throws {
        // Given the body of a node that does not exist
        let data = Data(#"{"node": null}"#.utf8)

        // When it is decoded both ways
        let optional = try GOMWireDecoding.optionalEntry(from: data, path: "/missing")
        let required = Result { () throws(DecodeError) in try GOMWireDecoding.entry(from: data, path: "/missing") }

        // Then it is nil, or an error naming the path
        #expect(optional == nil)
        #expect(required.failure?.description.contains("GOM /missing") == true)
    }

    @Test(
        "a body of neither shape, or not JSON, or with a required field missing, is an error naming the path",
        arguments: [
            (#"{"status": 200}"#, "neither"),
            (#"[{"node": {"uri": "/"}}]"#, "neither"),
            (#""node""#, "neither"),
            ("<html>Not Found</html>", "not JSON"),
            ("", "not JSON"),
            (#"{"attribute": {"node": "/a", "value": "1"}}"#, "name"),
            (#"{"node": {"entries": []}}"#, "uri"),
            (#"{"attribute": {"name": "a", "node": "/a", "value": 11}}"#, "value"),
            (#"{"node": {"uri": "/a", "entries": [{"attribute": {"name": "x"}}]}}"#, "entries[0].attribute.node"),
        ])
    func malformed(body: String, problem: String) {
        // Given a body that is not a GOM entry
        // When it is decoded
        let result = Result { () throws(DecodeError) in
            try GOMWireDecoding.entry(from: Data(body.utf8), path: "/areas/home")
        }

        // Then the error names the path and the problem
        guard case .failure(let error) = result else {
            Issue.record("expected an error for \(body), got \(result)")
            return
        }
        #expect(error.description.hasPrefix("GOM /areas/home: "), "\(error)")
        #expect(error.description.contains(problem), "\(error)")
    }
}

extension Result {
    var failure: Failure? {
        if case .failure(let error) = self { return error }
        return nil
    }
}
