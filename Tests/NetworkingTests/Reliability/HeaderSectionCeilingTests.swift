import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension ReliabilityTests {
    /// Regression: a header section over libcurl's own 300 KiB limit used to come back as `connectionLost`
    /// ("Too large response headers", curl error 56). The transfer now refuses a header section over 256 KiB
    /// itself and reports `responseTooLarge`; a header section under that is still accepted.
    @Suite("Header-section ceiling", .timeLimit(.minutes(1)))
    struct HeaderSectionCeilingTests {
        @Test(
            "header sections over 256 KiB are responseTooLarge, smaller ones pass",
            arguments: [(200, true), (260, false), (400, false)])
        func ceiling(kibibytes: Int, accepted: Bool) async throws {
            // Given a server answering 200 with `kibibytes` header fields of 1 KiB each
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.raw(Self.response(headerFields: kibibytes)))
            let transport = CurlTransport()

            // When a request is sent
            let result = await TransportFixtures.outcome {
                try await transport.send(TransportFixtures.request(server))
            }

            // Then a header section under the ceiling is accepted whole; one over it is responseTooLarge naming it
            switch result {
            case .success(let received):
                #expect(accepted)
                #expect(received.headers.count == kibibytes + 1)
                #expect(received.body == Data("ok".utf8))
            case .failure(let error):
                #expect(!accepted, "unexpected \(error)")
                let transportError = try #require(error as? TransportError)
                #expect(transportError.code == .responseTooLarge)
                #expect(transportError.message.contains("headers"))
            }
            #expect(transport.liveTransferCount == 0)
        }

        /// A response with `Content-Length: 2`, `headerFields` more fields of 1 KiB each, and the body `ok`.
        private static func response(headerFields: Int) -> Data {
            let value = String(repeating: "h", count: 1024 - "X-Filler-0000: \r\n".utf8.count)
            var head = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
            for index in 0..<headerFields {
                head += "X-Filler-\(String(format: "%04d", index)): \(value)\r\n"
            }
            return Data((head + "\r\nok").utf8)
        }
    }
}
