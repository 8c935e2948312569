import Foundation
import Networking
import NetworkingTestKit
import Testing

@testable import Demo

@Suite("Demo tour", .serialized, .timeLimit(.minutes(1)))
struct TourTests {
    final class Lines: Sendable {
        let lines = Locked<[String]>([])
        var text: String { lines.withLock { $0.joined(separator: "\n") } }
    }

    @Test("every step of the tour behaves as expected against the embedded pinned API")
    func tour() async throws {
        // Given
        let servers = try DemoServers.start()
        defer { servers.shutdown() }
        let lines = Lines()
        let console = Console(isTerminal: false) { line in lines.lines.withLock { $0.append(line) } }

        // When
        let results = await Tour(servers: servers, console: console, adjustsLogger: false).run()

        // Then
        let failed = results.filter { !$0.passed }
        #expect(failed.isEmpty, "\(failed.map { "\($0.name): \($0.summary)" })")
        #expect(results.count == 33)
        let names = results.map(\.name)
        for expected in [
            "GET books?page=1", "200 × GET books/3, loop thread", "POST users/login (authentication)",
            "GET entities/failing",
            "GET entities?page=2 (missing key)", "decode-error hook", "POST reports → poll Location",
            "GET stats (503, 503, then 200)", "POST books/7/cover (multipart)", "GET books/export.csv → file",
            "5 calls on an expired token", "GET catalog (envelope \"data\")", "GET catalog/99 → error model",
            "store read, server stopped", "GET shelf again (cache hit)", "GET shelf, no-cache (revalidated)",
            "GET preferences (cookie sent back)", "open wss live (books.v1)", "subscribe → pushed book",
            "ping → pong", "close 1000", "create a room", "observe it (initial)", "another client changes it",
            "GET users/me on the impostor", "open the live feed on the impostor",
            "bytes the impostor received",
        ] {
            #expect(names.contains(expected))
        }
        #expect(servers.impostor.bytesReceived == 0)
        #expect(servers.books.refreshCount == 1)
        #expect(servers.books.statsRequestCount == 3)
        #expect(lines.text.contains("Ficciones"))
    }

    @Test("the demo pins through the bundled DER file")
    func bundledCertificate() throws {
        let certificate = try DemoCertificate.load()
        let bundled = try #require(Bundle.module.url(forResource: "books-api", withExtension: "der"))
        #expect(try Data(contentsOf: bundled) == certificate.der)
        #expect(certificate.subjectAltNames.contains("localhost"))
    }
}
