import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// A copy of the README's "The GOM client" block, so it keeps compiling, run against a MockGOMServer.
@Suite("README GOM example", .timeLimit(.minutes(1)))
struct ReadmeGOMExamplesTests {
    static func example(_ gom: GOMClient, seen: Locked<[GOMNotification]>) async throws {
        _ = await gom.updateAttribute("/areas/home:volume", value: "11")
        // One POST, never replayed:
        let kitchen = try await gom.create(under: "/areas/home", attributes: ["light": "off"]).get()
        _ = await gom.updateNode(kitchen.uri, attributes: ["light": "on", "temperature": "21"])  // merges

        let observer = GOMObserver(client: gom)  // finds the proxy, connects, keeps the socket alive
        for await change in await observer.observe("/areas/home") {  // .initial first, then create/update/delete
            print(change.kind, change.path, change.entry as Any)
            seen.withLock { $0.append(change) }
            if change.kind == .update { break }
        }
        await observer.disconnect()
    }

    @Test("the block writes, creates, merges, and observes the node until a change arrives")
    func readmeBlock() async throws {
        let server = try MockGOMServer()
        defer { server.shutdown() }
        _ = server.seed(node: "/areas/home")
        let gom = GOMClient(
            configuration: NetworkingConfiguration(
                useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, timeout: 10))
        let seen = Locked<[GOMNotification]>([])

        let example = Task { try await Self.example(gom, seen: seen) }
        try await server.waitForSubscribers("/areas/home", count: 1, timeout: 10)
        _ = server.update(attribute: "/areas/home:volume", value: "12")
        try await example.value

        #expect(server.value(at: "/areas/home:volume") == "12")
        #expect(server.postCount("/areas/home") == 1)
        let children = server.childNodes(of: "/areas/home")
        #expect(children.count == 1)
        #expect(children.first.map { server.attributes(of: $0) } == ["light": "on", "temperature": "21"])
        #expect(seen.withLock { $0.map(\.kind) } == [.initial, .update])
        #expect(seen.withLock { $0.last?.path } == "/areas/home:volume")
    }
}
