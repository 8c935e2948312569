import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Regression: a header section over libcurl's own 300 KiB limit used to come back as `connectionLost`
/// ("Too large response headers", curl error 56). The transfer now refuses a header section over 256 KiB
/// itself and reports `responseTooLarge`; a header section under that is still accepted.
@Suite("Header-section ceiling", .debugLogFile)
struct HeaderSectionCeilingTests {
    @Test(
        "header sections over 256 KiB are responseTooLarge, smaller ones pass",
        arguments: [(200 * 1024, true), (260 * 1024, false), (400 * 1024, false)])
    func ceiling(headerBytes: Int, accepted: Bool) async throws {
        // Given a server answering 200 with about `headerBytes` of header fields
        let server = try MockServer()
        defer { server.shutdown() }
        var response = MockResponse(status: 200, text: "ok")
        let filler = String(repeating: "h", count: 1024)
        for index in 0..<(headerBytes / 1024) {
            response = response.addingHeader("X-Filler-\(index)", filler)
        }
        server.enqueue(response)
        let transport = CurlTransport()

        // When a request is sent
        let result = await TransportFixtures.outcome {
            try await transport.send(TransportFixtures.request(server))
        }

        // Then a header section under the ceiling is accepted whole; one over it is responseTooLarge naming it
        switch result {
        case .success(let received):
            #expect(accepted)
            #expect(received.headers.count >= headerBytes / 1024)
        case .failure(let error):
            #expect(!accepted, "unexpected \(error)")
            let transportError = try #require(error as? TransportError)
            #expect(transportError.code == .responseTooLarge)
            #expect(transportError.message.contains("headers"))
        }
        #expect(transport.liveTransferCount == 0)
    }
}
