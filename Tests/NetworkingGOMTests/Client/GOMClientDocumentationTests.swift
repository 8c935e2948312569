import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// The examples of GOMClient's documentation, run against ``FakeGOM`` (only the configuration differs).
@Suite("GOM client documentation examples", .timeLimit(.minutes(1)))
struct GOMClientDocumentationTests {
    @Test("the class example: write, read, create, merge, destroy")
    func classExample() async throws {
        // Given a GOM, and the example's client pointed at it
        let fake = try FakeGOM()
        defer { fake.shutdown() }
        let gom = GOMClient(configuration: fake.configuration())
        var printed: [String] = []

        // When the example runs
        _ = await gom.updateAttribute("/areas/home:volume", value: "11")
        if case .success(.attribute(let volume)) = await gom.retrieve("/areas/home:volume") {
            printed.append(volume.value ?? "unset")  // 11
        }
        let kitchen = try await gom.create(under: "/areas/home", attributes: ["name": "kitchen"]).get()
        _ = await gom.updateNode(kitchen.uri, attributes: ["lights": "on"])  // merges: "name" is kept
        let merged = try await gom.retrieve(kitchen.uri).get()
        _ = await gom.destroy(kitchen.uri)

        // Then it does what its comments say
        #expect(printed == ["11"])
        guard case .node(let node) = merged else {
            Issue.record("expected a node, got \(merged)")
            return
        }
        #expect(node.attributes.map(\.name) == ["lights", "name"])
        #expect(try await gom.exists(kitchen.uri).get() == false)
    }

    @Test("the retrieve example tells nodes, attributes and missing paths apart")
    func retrieveExample() async throws {
        // Given a GOM with a node and an attribute
        let fake = try FakeGOM()
        defer { fake.shutdown() }
        fake.set("/areas/home", "volume", "11")
        let gom = GOMClient(configuration: fake.configuration())
        var printed: [String] = []

        // When the example's switch runs on three paths
        for path in ["/areas/home", "/areas/home:volume", "/areas/cellar"] {
            switch await gom.retrieve(path) {
            case .success(.node(let home)): printed.append("\(home.attributes.map(\.name)) \(home.childNodes)")
            case .success(.attribute(let attribute)): printed.append(attribute.value ?? "")
            case .failure(.requestError(let response)) where response.statusCode == 404: printed.append("no such path")
            case .failure(let error): printed.append("\(error)")
            }
        }

        // Then each case is taken once
        #expect(printed == [#"["volume"] []"#, "11", "no such path"])
    }
}
