import Foundation
import Networking
import NetworkingTestKit
import Testing

@Suite("Downloads over real sockets", .timeLimit(.minutes(2)))
struct DownloadTests {
    @Test("a download streams into the destination, replacing what was there, with progress to the end")
    func download() async throws {
        // Given a server answering 3 MB, and a destination holding an older file
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = try TransferFixtures.file("export.bin", in: folder, Data("old".utf8))
        let data = TransferFixtures.bytes(3_000_000)
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/export") { _ in MockResponse(status: 200, headers: ["X-Kind": "export"], body: data) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let progress = ProgressLog()

        // When it is downloaded
        let result = await repository.performDownload(path: "export", to: destination, progress: progress.handler)

        // Then the destination holds the body, nothing else is left in the folder, and progress ended complete
        let file = try result.get()
        #expect(file.location == destination)
        #expect(file.byteCount == 3_000_000)
        #expect(file.response.statusCode == 200)
        #expect(file.response.headers["X-Kind"] == "export")
        #expect(file.response.body.isEmpty)
        #expect(try Data(contentsOf: destination) == data)
        #expect(try TransferFixtures.contents(of: folder) == ["export.bin"])
        #expect(progress.isMonotonic)
        #expect(progress.all.last == TransferProgress(completedBytes: 3_000_000, totalBytes: 3_000_000))
    }

    @Test("a chunked download has no total until it ends")
    func chunkedDownload() async throws {
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = TransferFixtures.bytes(1_000_000)
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/chunked") { _ in MockResponse(status: 200, body: data).chunked(size: 64 * 1024) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let progress = ProgressLog()
        let destination = folder.appendingPathComponent("chunked.bin")

        let result = await repository.performDownload(path: "chunked", to: destination, progress: progress.handler)

        #expect(try result.get().byteCount == 1_000_000)
        #expect(try Data(contentsOf: destination) == data)
        #expect(progress.all.dropLast().allSatisfy { $0.totalBytes == nil })
        #expect(progress.all.last == TransferProgress(completedBytes: 1_000_000, totalBytes: 1_000_000))
    }

    @Test(
        "a 404, a connection cut mid-body, a stall past the timeout: destination untouched, no temporary file",
        arguments: ["404", "cut", "stall"])
    func failedDownload(kind: String) async throws {
        // Given a destination holding a previous export, and a server failing in the given way
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let destination = try TransferFixtures.file("export.bin", in: folder, Data("previous".utf8))
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/export") { _ in
            switch kind {
            case "404": MockResponse(status: 404, text: "no export")
            case "cut":
                MockResponse(status: 200, body: TransferFixtures.bytes(2_000_000)).failing(.disconnectDuringBody)
            default: MockResponse(status: 200).failing(.stall)
            }
        }
        var configuration = TransferFixtures.configuration(server)
        configuration.timeout = 1
        let repository = TestRepository(configuration: configuration, transport: CurlTransport())

        // When it is downloaded
        let result = await repository.performDownload(path: "export", to: destination)

        // Then the call failed, the previous file is intact and alone
        #expect(result.failure != nil)
        if kind == "404", case .requestError(let response)? = result.failure {
            #expect(String(decoding: response.body, as: UTF8.self) == "no export")
        }
        #expect(try Data(contentsOf: destination) == Data("previous".utf8))
        #expect(try TransferFixtures.contents(of: folder) == ["export.bin"])
    }

    @Test("a cancelled download leaves the destination absent and no temporary file")
    func cancelledDownload() async throws {
        // Given a server dripping a body slowly
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/slow") { _ in
            MockResponse(status: 200, body: TransferFixtures.bytes(200_000)).throttled(bytesPerSecond: 20_000)
        }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())
        let destination = folder.appendingPathComponent("slow.bin")
        let (started, start) = AsyncStream<Void>.makeStream()

        // When it is cancelled once bytes have arrived
        let call = Task {
            await repository.performDownload(path: "slow", to: destination) { progress in
                if progress.completedBytes > 0 { start.yield() }
            }
        }
        var iterator = started.makeAsyncIterator()
        await iterator.next()
        call.cancel()
        let result = await call.value

        // Then it is cancelled and leaves nothing behind
        #expect(result.failure?.caseName == "cancelled")
        #expect(try TransferFixtures.contents(of: folder).isEmpty)
    }

    @Test("a destination whose folder does not exist is invalidParameters, before any request")
    func missingFolder() async throws {
        let server = try MockServer()
        defer { server.shutdown() }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server), transport: CurlTransport())

        let result = await repository.performDownload(
            path: "x", to: URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString)/file.bin"))

        #expect(result.failure?.caseName == "invalidParameters")
        #expect(server.connectionCount == 0)
    }

    @Test("a download larger than the transport's memory ceiling still works: the ceiling guards memory only")
    func largerThanCeiling() async throws {
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let data = TransferFixtures.bytes(300_000)
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/big") { _ in MockResponse(status: 200, body: data) }
        let repository = TestRepository(
            configuration: TransferFixtures.configuration(server),
            transport: CurlTransport(maximumResponseSize: 100_000))
        let destination = folder.appendingPathComponent("big.bin")

        let download = await repository.performDownload(path: "big", to: destination)
        let inMemory = await repository.performRawRequest(method: .get, path: "big")

        #expect(try download.get().byteCount == 300_000)
        guard case .noNetworkConnection(let error)? = inMemory.failure else {
            Issue.record("expected responseTooLarge, got \(inMemory)")
            return
        }
        #expect(error.code == .responseTooLarge)
    }

    @Test("with a transport that does not stream (a stub), the body is written to the destination")
    func stubDownload() async throws {
        let folder = try TransferFixtures.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let repository = TestRepository(configuration: stubConfiguration(), transport: stub(body: "stubbed"))
        let destination = folder.appendingPathComponent("stub.txt")
        let progress = ProgressLog()

        let result = await repository.performDownload(path: "f", to: destination, progress: progress.handler)

        #expect(try result.get().byteCount == 7)
        #expect(try String(contentsOf: destination, encoding: .utf8) == "stubbed")
        #expect(progress.all == [TransferProgress(completedBytes: 7, totalBytes: 7)])
    }
}
