import Foundation
import Networking
import NetworkingTestKit
import Testing

extension TestKit {
    @Suite("MockServer.readBytesPerSecond: slow reads of request bodies", .timeLimit(.minutes(2)))
    struct MockServerSlowReadTests {
        @Test func uploadsAreReadAtTheRateOneAfterAnother() async throws {
            // Given a server reading 256 KiB a second
            let server = try MockServer()
            defer { server.shutdown() }
            server.readBytesPerSecond = 256 * 1024
            server.dispatcher = { _ in MockResponse(status: 204) }
            let body = MockResponse.generatedBody(size: 256 * 1024)

            // When 256 KiB are uploaded twice on one kept-alive connection
            let answers = try await onThread {
                let client = try TestHTTPClient(port: server.port, timeout: 20)
                var answers: [(status: Int, seconds: TimeInterval)] = []
                for _ in 0..<2 {
                    var status = 0
                    let seconds = try measure {
                        status = try client.request("/upload", method: "PUT", body: body).status
                    }
                    answers.append((status, seconds))
                }
                return answers
            }
            let first = try await server.takeRequest()
            let second = try await server.takeRequest()

            // Then each answer came only after about a second, and the bodies are intact
            #expect(server.readBytesPerSecond == 256 * 1024)
            #expect(answers.map(\.status) == [204, 204])
            #expect(answers.allSatisfy { $0.seconds >= 0.8 }, "\(answers.map(\.seconds))")
            #expect(answers.allSatisfy { $0.seconds < 10 }, "\(answers.map(\.seconds))")
            #expect(first.connectionIndex == second.connectionIndex)
            #expect(KitTransferFixtures.sameBytes(first.body, body))
            #expect(KitTransferFixtures.sameBytes(second.body, body))
        }

        @Test func curlUploadIsReadAtTheRate() async throws {
            // Given a server reading 100 kB a second, and a 150 kB file
            let server = try MockServer()
            defer { server.shutdown() }
            server.readBytesPerSecond = 100_000
            server.enqueue(MockResponse(status: 201))
            let directory = try KitTransferFixtures.temporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("photo.png")
            try KitTransferFixtures.writeGeneratedFile(size: 150_000, to: file)

            // When curl posts it in a form, reporting the upload's duration
            let output = try await onThread {
                try KitTransferFixtures.curl([
                    "-s", "-o", "/dev/null", "-w", "%{http_code} %{time_total}", "-F", "photo=@\(file.path)",
                    server.url("/photos").absoluteString,
                ])
            }
            let recorded = try await server.takeRequest()

            // Then it took at least about 1.5 s, and the part is intact
            let fields = output.standardOutput.split(separator: " ")
            #expect(fields.first == "201")
            let seconds = try #require(fields.last.flatMap { Double($0) })
            #expect(seconds >= 1.2)
            #expect(seconds < 15)
            #expect(recorded.parts?.first?.sha256 == MockResponse.generatedBodySHA256(size: 150_000))
        }

        @Test func headsAreNotSlowedDown() async throws {
            // Given a server reading 10 bytes a second
            let server = try MockServer()
            defer { server.shutdown() }
            server.readBytesPerSecond = 10
            server.enqueue(MockResponse(text: "quick"))

            // When a GET (a head of about 40 bytes, no body) is sent
            let (text, seconds) = try await onThread {
                let client = try TestHTTPClient(port: server.port)
                var text = ""
                let seconds = try measure { text = try client.request("/").text }
                return (text, seconds)
            }

            // Then it is answered well before 40 bytes at 10 B/s would take
            #expect(text == "quick")
            #expect(seconds < 2)
        }

        @Test func rateDefaultsToNoneAndCanBeCleared() throws {
            // Given
            let server = try MockServer()
            defer { server.shutdown() }
            let initial = server.readBytesPerSecond

            // When
            server.readBytesPerSecond = 0
            let clamped = server.readBytesPerSecond
            server.readBytesPerSecond = nil

            // Then
            #expect(initial == nil)
            #expect(clamped == 1)
            #expect(server.readBytesPerSecond == nil)
            #expect(server.maximumRecordedBodySize == 64 << 20)
        }
    }
}
