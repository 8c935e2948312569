import Networking
import Testing

@testable import NetworkingGOM

@Suite("GOM paths", .timeLimit(.minutes(1)))
struct GOMPathTests {
    @Test(
        "valid paths parse into a node and an optional attribute",
        arguments: [
            ("/", "/", nil),
            ("/areas", "/areas", nil),
            ("/areas/home", "/areas/home", nil),
            ("/areas/home:volume", "/areas/home", "volume"),
            ("/:version", "/", "version"),
            ("/services/websockets_proxy:url", "/services/websockets_proxy", "url"),
            ("/a-b/c_d/e.f/g~h/0123", "/a-b/c_d/e.f/g~h/0123", nil),
            ("/6f1c0d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f", "/6f1c0d2e-8a4b-4c3d-9e5f-0a1b2c3d4e5f", nil),
            ("/.hidden/...:.x", "/.hidden/...", ".x"),
        ] as [(String, String, String?)])
    func valid(text: String, node: String, attribute: String?) throws {
        // Given a valid path
        // When it is parsed
        let path = try GOMPath(text)

        // Then its parts are split at the colon and it prints as written
        #expect(path.node == node)
        #expect(path.attribute == attribute)
        #expect(path.isAttribute == (attribute != nil))
        #expect(path.description == text)
    }

    @Test(
        "invalid paths are refused with a message naming the path and the problem",
        arguments: [
            ("", "is empty"),
            ("areas/home", "must start with \"/\""),
            ("//", "ends with \"/\""),
            ("/areas//home", "empty segment"),
            ("/areas/", "ends with \"/\""),
            ("/areas/home/:volume", "ends with \"/\""),
            ("/areas/./home", "relative path"),
            ("/areas/..", "relative path"),
            ("/areas/home:..", "relative path"),
            ("/areas/my home", "whitespace"),
            (" /areas", "must start with \"/\""),
            ("/are as", "whitespace"),
            ("/areas\t", "U+0009"),
            ("/areas/home\n", "U+000A"),
            ("/areas/\u{7F}", "U+007F"),
            ("/areas/\u{85}x", "U+0085"),
            ("/areas/\u{A0}x", "U+00A0"),
            ("/areas:home/kitchen", "outside its last segment"),
            ("/areas/home:a:b", "has 2 \":\""),
            ("/areas/home:", "empty attribute name"),
            ("/areas/home?x=1", "\"?\""),
            ("/areas/home#top", "\"#\""),
            ("/areas/h%20me", "\"%\""),
            ("/areas/home;v=1", "\";\""),
            ("/areas/h\\ome", "\"\\\""),
            ("/areas/héme", "\"é\""),
            ("/areas/home:vol&ume", "\"&\""),
            ("/areas/home:vol/ume", "outside its last segment"),
        ])
    func invalid(text: String, problem: String) {
        // Given an invalid path
        // When it is parsed
        let result = Result { () throws(RepositoryError) in try GOMPath(text) }

        // Then it is refused as invalidParameters, naming the path and what is wrong
        guard case .failure(.invalidParameters(let message)) = result else {
            Issue.record("expected invalidParameters for \(text.debugDescription), got \(result)")
            return
        }
        #expect(message.contains(text.debugDescription))
        #expect(message.contains(problem), "\(message)")
    }

    @Test("a node path is refused where an attribute is needed, and the other way round")
    func kinds() throws {
        // Given paths of both kinds
        // When each is required to be of the other kind
        let node = Result { () throws(RepositoryError) in try GOMPath.attribute("/areas/home", for: "updateAttribute") }
        let attribute = Result { () throws(RepositoryError) in try GOMPath.node("/a:b", for: "updateNode") }

        // Then both are refused with a hint, and the right kinds pass
        guard case .failure(.invalidParameters(let nodeMessage)) = node,
            case .failure(.invalidParameters(let attributeMessage)) = attribute
        else {
            Issue.record("expected two invalidParameters, got \(node) and \(attribute)")
            return
        }
        #expect(nodeMessage.contains("updateAttribute needs an attribute path such as \"/areas/home:name\""))
        #expect(attributeMessage.contains("updateNode needs a node path such as \"/a\""))
        #expect(try GOMPath.node("/", for: "create").node == "/")
        #expect(try GOMPath.attribute("/:x", for: "updateAttribute").attribute == "x")
    }
}
