import Foundation
import Networking
import NetworkingTestKit
import Testing

/// Copies of the README's "Uploads and downloads" test kit examples, so they keep compiling and running.
extension ReadmeExamplesTests {
    @Suite("README: test kit uploads and downloads", .timeLimit(.minutes(2)))
    struct TestKitTransfers {
        typealias BooksRepository = Readme.BooksRepository

        @Test func coverUploadArrivesWhole() async throws {
            let server = try MockServer()
            defer { server.shutdown() }
            server.readBytesPerSecond = 1 << 20  // 3 MiB take about 3 s: progress has time to move
            server.enqueue(MockResponse(status: 201, json: #"{"id": 7}"#))

            // … the code under test uploads a form with a 3 MiB "cover" file of the generated pattern …
            let seconds = try await Self.uploadCover(to: server)

            let recorded = try await server.takeRequest()
            let cover = try #require(recorded.parts?.first { $0.name == "cover" })
            #expect(cover.fileName == "dune.jpg")
            #expect(cover.contentType == "image/jpeg")
            #expect(cover.sha256 == MockResponse.generatedBodySHA256(size: 3 << 20))
            #expect(recorded.multipartError == nil)
            #expect(seconds >= 2.5)
        }

        @Test func coverDownloadIsWholeOrFails() async throws {
            let server = try MockServer()
            defer { server.shutdown() }
            server.enqueue(.generated(size: 3_000_000))
            server.enqueue(.generated(size: 3_000_000).failing(.disconnectAfterBodyBytes(1_000)))
            let books = BooksRepository(
                configuration: NetworkingConfiguration(
                    useSecureConnection: false, domainURL: "127.0.0.1", port: server.port))

            let whole: Result<Data, RepositoryError> = await books.performRequest(method: .get, path: "covers/1")
            let cut: Result<Data, RepositoryError> = await books.performRequest(method: .get, path: "covers/1")

            #expect(try whole.get() == MockResponse.generatedBody(size: 3_000_000))
            #expect((try? cut.get()) == nil)
        }

        /// Stands for the code under test: curl posts a form whose "cover" is 3 MiB of the generated pattern.
        /// - Returns: How long the upload took, in seconds.
        private static func uploadCover(to server: MockServer) async throws -> Double {
            let directory = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: directory) }
            let file = directory.appendingPathComponent("cover.bin")
            try MockResponse.generatedBody(size: 3 << 20).write(to: file)
            let arguments = [
                "--max-time", "60", "-s", "-o", "/dev/null", "-w", "%{time_total}", "-F", "title=Dune",
                "-F", "cover=@\(file.path);type=image/jpeg;filename=dune.jpg", server.url("/covers").absoluteString,
            ]
            let curl = Process()
            curl.executableURL = URL(fileURLWithPath: "/usr/bin/curl")
            curl.arguments = arguments
            let output = Pipe()
            curl.standardOutput = output
            // curl prints one number: reading it once curl has exited cannot fill the pipe.
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                curl.terminationHandler = { _ in continuation.resume() }
                do {
                    try curl.run()
                } catch {
                    continuation.resume(throwing: error)
                }
            }
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            return try #require(Double(printed))
        }
    }
}
