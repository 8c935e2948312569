import Foundation
import Networking
import NetworkingTestKit
import Testing

@testable import Demo

@Suite("Demo GOM tour", .serialized, .timeLimit(.minutes(1)))
struct GOMTourTests {
    @Test("swift run Demo gom: every step behaves, the dropped connection included")
    func gomTour() async throws {
        let servers = try DemoServers.start()
        defer { servers.shutdown() }
        let lines = Locked<[String]>([])
        let console = Console(isTerminal: false) { line in lines.withLock { $0.append(line) } }

        let results = await Tour(servers: servers, console: console, adjustsLogger: false).gomTour()

        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed.map { "\($0.name): \($0.summary)" })")
        #expect(
            results.map(\.name) == [
                "create a room", "observe it (initial)", "another client changes it", "the server drops the socket",
                "re-subscribed with a fresh initial", "a change after the reconnect", "delete the room",
            ])
    }
}
