import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// Loading the pinned set: fail closed on empty or invalid sets, before any connection.
@Suite("Pinned set loading", .timeLimit(.minutes(1)))
struct PinSetLoadingTests {
    @Test("an empty pin set is a pinningFailure and no connection is made")
    func emptySetFailsClosed() async throws {
        // Given a TLS server and an empty pin set
        let server = try MockServer(tls: TransportFixtures.certificate())
        defer { server.shutdown() }
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([])), transport: CurlTransport())

        // When a request is sent
        let result = await repository.performRawRequest(method: .get, path: "x")

        // Then it fails closed
        guard case .failure(.pinningFailure(let failure)) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(failure.reason.contains("no pinned certificate"))
        #expect(server.connectionCount == 0)
        #expect(server.bytesReceived == 0)
    }

    @Test("a directory with a file that is not DER names that file; nothing is sent")
    func invalidDERIsNamed() async throws {
        // Given a directory holding the right certificate and a PEM file named .crt
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try certificate.der.write(to: directory.appendingPathComponent("api.der"))
        try Data(certificate.pem.utf8).write(to: directory.appendingPathComponent("broken.crt"))
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .directory(directory)),
            transport: CurlTransport())

        // When a request is sent
        let result = await repository.performRawRequest(method: .get, path: "x")

        // Then the failure names the file, and no connection was made
        guard case .failure(.pinningFailure(let failure)) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(failure.reason.contains("broken.crt"))
        #expect(failure.reason.contains("PEM"))
        #expect(server.connectionCount == 0)
    }

    @Test("a missing or empty directory fails closed", arguments: [false, true])
    func missingOrEmptyDirectory(create: Bool) async throws {
        // Given a directory that is missing or has no certificate
        let server = try MockServer(tls: TransportFixtures.certificate())
        defer { server.shutdown() }
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pins-\(UUID().uuidString)")
        if create {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try Data("notes".utf8).write(to: directory.appendingPathComponent("README.txt"))
        }
        defer { try? FileManager.default.removeItem(at: directory) }
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .directory(directory)),
            transport: CurlTransport())

        // When a request is sent
        let result = await repository.performRawRequest(method: .get, path: "x")

        // Then it is a pinning failure and nothing was sent
        guard case .failure(.pinningFailure) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(server.connectionCount == 0)
    }

    @Test("the pinned set is loaded once per PinnedCertificates value")
    func setIsLoadedOnce() async throws {
        // Given a directory pin set that has been used once
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200) }
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("api.cer")
        try certificate.der.write(to: file)
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .directory(directory)),
            transport: CurlTransport())
        _ = try await repository.performRawRequest(method: .get, path: "a").get()

        // When the file is removed and the same configuration is used again
        try FileManager.default.removeItem(at: file)
        let result = await repository.performRawRequest(method: .get, path: "b")

        // Then the cached set is still used
        #expect(throws: Never.self) { try result.get() }
    }

    @Test("pins listed in a failure are sha256/<base64> of each certificate's SPKI")
    func expectedPinsFormat() async throws {
        // Given two pinned certificates, neither served
        let served = try TransportFixtures.certificate()
        let first = try TransportFixtures.certificate()
        let second = try TransportFixtures.certificate()
        let server = try MockServer(tls: served)
        defer { server.shutdown() }

        // When a request pinned to both is sent
        let error = await #expect(throws: PinningFailure.self) {
            try await CurlTransport().send(
                HTTPRequest(
                    method: .get, url: server.url("/"), timeout: 5, pinning: .certificates([first.der, second.der])))
        }

        // Then the pins match the test kit's independent computation
        #expect(error?.expectedPins == [first.spkiPin, second.spkiPin])
        #expect(error?.servedPins == [served.spkiPin])
        #expect(error?.expectedPins.allSatisfy { $0.hasPrefix("sha256/") && $0.count == 51 } == true)
    }
}
