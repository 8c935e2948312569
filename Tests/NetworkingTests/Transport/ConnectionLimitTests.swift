import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Connections per host", .timeLimit(.minutes(1)))
struct ConnectionLimitTests {
    /// Sends `count` concurrent GETs that each take a moment to answer; returns how many succeeded.
    func concurrentGets(_ count: Int, transport: CurlTransport, server: MockServer) async -> Int {
        await withTaskGroup(of: Bool.self) { group in
            for index in 0..<count {
                group.addTask {
                    let request = TransportFixtures.request(server, "/slow/\(index)")
                    return (try? await transport.send(request).statusCode) == 200
                }
            }
            return await group.reduce(0) { $0 + ($1 ? 1 : 0) }
        }
    }

    @Test("with a limit of 2, ten concurrent requests share two connections and all succeed")
    func limited() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok").delayed(by: 0.05) }
        let transport = CurlTransport(maximumConnectionsPerHost: 2)

        let succeeded = await concurrentGets(10, transport: transport, server: server)

        #expect(succeeded == 10)
        #expect(server.connectionCount <= 2)
        #expect(transport.maximumConnectionsPerHost == 2)
    }

    @Test("without a limit the same requests open more connections than that")
    func unlimited() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok").delayed(by: 0.2) }
        let transport = CurlTransport()

        let succeeded = await concurrentGets(10, transport: transport, server: server)

        #expect(succeeded == 10)
        #expect(server.connectionCount > 2)
        #expect(transport.maximumConnectionsPerHost == nil)
    }
}
