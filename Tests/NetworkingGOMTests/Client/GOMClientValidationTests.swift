import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// Every call refuses a bad path, attribute name or value before any I/O.
@Suite("GOM client validation", .timeLimit(.minutes(1)))
struct GOMClientValidationTests {
    enum Call: String, CaseIterable, Sendable {
        case retrieve, exists, create, updateAttribute, updateNode, destroy
    }

    /// Runs `call` on `path` and returns its error, or `nil` when it succeeded.
    private static func run(_ call: Call, _ path: String, on client: GOMClient) async -> RepositoryError? {
        switch call {
        case .retrieve: await client.retrieve(path).failure
        case .exists: await client.exists(path).failure
        case .create: await client.create(under: path).failure
        case .updateAttribute: await client.updateAttribute(path, value: "v").failure
        case .updateNode: await client.updateNode(path, attributes: ["a": "v"]).failure
        case .destroy: await client.destroy(path).failure
        }
    }

    @Test(
        "an invalid path fails as invalidParameters naming it, and nothing reaches the server",
        arguments: Call.allCases,
        ["", "areas", "/areas/", "//areas", "/areas/../x", "/areas/a b", "/areas/x?y", "/a:b:c", "/a:", "/a%2Fb"])
    func invalidPath(call: Call, path: String) async throws {
        // Given a server that would answer anything
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, json: #"{"node": {"uri": "/"}}"#) }
        let client = GOMClient(configuration: configuration(server))

        // When the call is made with an invalid path
        let error = await Self.run(call, path, on: client)

        // Then it is refused before any request
        guard case .invalidParameters(let message)? = error else {
            Issue.record(
                "\(call)(\(path.debugDescription)): expected invalidParameters, got \(String(describing: error))")
            return
        }
        #expect(message.contains("GOM path \(path.debugDescription)"))
        #expect(server.requestCount == 0)
    }

    @Test(
        "a path of the wrong kind, or a bad attribute name or value, fails before any request",
        arguments: [
            (Call.updateAttribute, "/areas/home"),
            (.updateNode, "/areas/home:volume"),
            (.create, "/areas/home:volume"),
        ])
    func wrongKind(call: Call, path: String) async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }
        let client = GOMClient(configuration: configuration(server))

        // When a call gets a path of the other kind
        let error = await Self.run(call, path, on: client)

        // Then it is invalidParameters saying which kind was needed
        guard case .invalidParameters(let message)? = error else {
            Issue.record("expected invalidParameters, got \(String(describing: error))")
            return
        }
        #expect(message.contains("\(call.rawValue) needs a"))
        #expect(server.requestCount == 0)
    }

    @Test("attribute names outside the path rule, and values XML cannot carry, fail before any request")
    func badNamesAndValues() async throws {
        // Given a server
        let server = try MockServer()
        defer { server.shutdown() }
        let client = GOMClient(configuration: configuration(server))

        // When names and values that cannot be written are passed
        let errors = [
            await client.updateNode("/a", attributes: ["ok": "1", "my name": "2"]).failure,
            await client.updateNode("/a", attributes: ["": "1"]).failure,
            await client.create(under: "/a", attributes: ["a:b": "1"]).failure,
            await client.create(under: "/a", attributes: ["x": "nul\u{0}"]).failure,
            await client.updateAttribute("/a:b", value: "\u{1}").failure,
        ]

        // Then each is invalidParameters naming the culprit, and the server saw nothing
        let messages = errors.map { error -> String in
            guard case .invalidParameters(let message)? = error else {
                return "unexpected \(String(describing: error))"
            }
            return message
        }
        #expect(
            messages[0]
                == #"updateNode /a: attribute name "my name" contains U+0020; allowed are ASCII letters, digits, "-", "_", "." and "~""#
        )
        #expect(messages[1] == #"updateNode /a: attribute name "" is empty"#)
        #expect(messages[2].contains(#"attribute name "a:b" contains ":""#))
        #expect(messages[3].contains(#"of attribute "x" contains U+0000"#))
        #expect(messages[4].contains("contains U+0001"))
        #expect(server.requestCount == 0)
    }
}
