import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// Pinning end to end: repository → pipeline → CurlTransport → OpenSSL, against a TLS MockServer.
@Suite("Certificate pinning over real TLS connections", .timeLimit(.minutes(1)))
struct PinningIntegrationTests {
    @Test(
        "pinned to the served certificate: by DER, and by SPKI through a renewed certificate with the same key",
        arguments: ["localhost", "127.0.0.1"])
    func rightPinSucceeds(host: String) async throws {
        // Given a TLS server, its certificate, and a renewal with the same key
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "pinned") }
        let renewal = try TransportFixtures.renewal(of: certificate)
        #expect(renewal != certificate.der)
        let transport = CurlTransport()

        for pins in [PinnedCertificates.certificates([certificate.der]), .certificates([renewal])] {
            // When a pinned request is sent
            let repository = TestRepository(
                configuration: TransportFixtures.configuration(server, host: host, pins: pins), transport: transport)
            let result = await repository.performRawRequest(method: .get, path: "books")

            // Then it succeeds
            let response = try result.get()
            #expect(response.body == Data("pinned".utf8))
        }
    }

    @Test("pinned to another certificate: pinningFailure, zero request bytes, no Authorization leaked")
    func wrongPinFailsBeforeAnyByte() async throws {
        // Given a TLS server and a pin for a different certificate
        let certificate = try TransportFixtures.certificate()
        let other = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([other.der])),
            defaultHeaders: ["Authorization": "Bearer secret"], transport: CurlTransport())

        // When a request is sent
        let result = await repository.performRawRequest(method: .get, path: "books")

        // Then it is a pinning failure naming both pins, and the server saw the handshake only
        guard case .failure(.pinningFailure(let failure)) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(failure.host == "localhost")
        #expect(failure.servedPins == [certificate.spkiPin])
        #expect(failure.expectedPins == [other.spkiPin])
        #expect(server.connectionCount == 1)
        #expect(server.bytesReceived == 0)
        #expect(server.requestCount == 0)
    }

    @Test("a connection opened for one pin set is never reused by a request pinned differently")
    func pooledConnectionIsNotReusedAcrossPins() async throws {
        // Given one transport, and a first request pinned correctly that leaves a keep-alive connection
        let certificate = try TransportFixtures.certificate()
        let other = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport()
        let right = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([certificate.der])),
            transport: transport)
        let wrong = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([other.der])),
            defaultHeaders: ["Authorization": "Bearer secret"], transport: transport)
        _ = try await right.performRawRequest(method: .get, path: "a").get()
        let bytesAfterFirst = server.bytesReceived

        // When a wrongly pinned request goes through the same transport to the same server
        let result = await wrong.performRawRequest(method: .get, path: "b")

        // Then it fails on a new connection without sending a byte, and the right pin still reuses the first
        guard case .failure(.pinningFailure) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(server.bytesReceived == bytesAfterFirst)
        #expect(server.recordedRequests.allSatisfy { $0.headers["Authorization"] == nil })
        _ = try await right.performRawRequest(method: .get, path: "c").get()
        #expect(server.requestCount == 2)
        #expect(server.connectionCount == 2)
    }

    @Test("after the pinned connection closed (TLS session resumption possible), a wrong pin still fails")
    func wrongPinAfterClosedConnection() async throws {
        // Given a correctly pinned request whose connection the server closes afterwards
        let certificate = try TransportFixtures.certificate()
        let other = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, headers: ["Connection": "close"], body: Data("ok".utf8)) }
        let transport = CurlTransport()
        let right = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([certificate.der])),
            transport: transport)
        let wrong = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([other.der])),
            transport: transport)
        _ = try await right.performRawRequest(method: .get, path: "a").get()
        let bytesAfterFirst = server.bytesReceived

        // When a wrongly pinned request, then a correctly pinned one, need new connections
        let wrongResult = await wrong.performRawRequest(method: .get, path: "b")
        let rightAgain = await right.performRawRequest(method: .get, path: "c")

        // Then the wrong one fails without a byte and the right one succeeds on a fresh connection
        guard case .failure(.pinningFailure) = wrongResult else {
            Issue.record("expected .pinningFailure, got \(wrongResult)")
            return
        }
        #expect(server.requestCount == 2)
        #expect(server.connectionCount == 3)
        #expect(server.recordedRequests.map(\.path) == ["/a", "/c"])
        #expect(server.bytesReceived > bytesAfterFirst)
        #expect(throws: Never.self) { try rightAgain.get() }
    }

    @Test("a redirect to a host with another certificate fails the pin, and that host receives nothing")
    func redirectToWronglyCertifiedHost() async throws {
        // Given a pinned server redirecting to a second TLS server with a different certificate
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        let elsewhere = try MockServer(tls: TransportFixtures.certificate())
        defer {
            server.shutdown()
            elsewhere.shutdown()
        }
        let target = try #require(URL(string: "https://localhost:\(elsewhere.port)/stolen"))
        server.enqueue(MockResponse(status: 307, headers: ["Location": target.absoluteString]))
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([certificate.der])),
            defaultHeaders: ["Authorization": "Bearer secret"], transport: CurlTransport())

        // When the request is sent
        let result = await repository.performRawRequest(method: .post, path: "login", parameters: ["user": "a"])

        // Then the second hop fails the pin without a byte
        guard case .failure(.pinningFailure(let failure)) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(failure.servedPins == [elsewhere.certificate?.spkiPin])
        #expect(server.requestCount == 1)
        #expect(elsewhere.connectionCount == 1)
        #expect(elsewhere.bytesReceived == 0)
    }

    @Test("an unpinned request over plain HTTP through the same transport still works")
    func unpinnedPlainHTTPStillWorks() async throws {
        // Given a plain server
        let server = try MockServer()
        defer { server.shutdown() }
        server.enqueue(MockResponse(status: 200, text: "plain"))

        // When an unpinned request is sent
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, host: "127.0.0.1"), transport: CurlTransport())
        let response = try await repository.performRawRequest(method: .get, path: "x").get()

        // Then it succeeds
        #expect(response.body == Data("plain".utf8))
    }

    @Test("an unpinned request to a self-signed server fails certificate verification (tlsHandshakeFailed)")
    func unpinnedSelfSignedFails() async throws {
        // Given a self-signed TLS server
        let server = try MockServer(tls: TransportFixtures.certificate())
        defer { server.shutdown() }

        // When an unpinned request is sent
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server), transport: CurlTransport())
        let result = await repository.performRawRequest(method: .get, path: "x")

        // Then the system trust store rejects it, nothing was sent, and the message suggests pinning
        guard case .failure(.noNetworkConnection(let error)) = result else {
            Issue.record("expected .noNetworkConnection, got \(result)")
            return
        }
        #expect(error.code == .tlsHandshakeFailed)
        #expect(error.message.contains("pin it (usePinningCertificate)"))
        #expect(server.bytesReceived == 0)
    }

    @Test("pinned to the right certificate but the host name does not match: tlsHandshakeFailed, nothing sent")
    func hostNameIsStillChecked() async throws {
        // Given a certificate for another name, pinned
        let certificate = try TestCertificate.selfSigned(commonName: "other.test", subjectAltNames: ["other.test"])
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .certificates([certificate.der])),
            transport: CurlTransport())

        // When it is requested as localhost
        let result = await repository.performRawRequest(method: .get, path: "x")

        // Then curl's host check refuses it
        guard case .failure(.noNetworkConnection(let error)) = result else {
            Issue.record("expected .noNetworkConnection, got \(result)")
            return
        }
        #expect(error.code == .tlsHandshakeFailed)
        #expect(server.bytesReceived == 0)
    }

    @Test("pinning over http fails closed without connecting")
    func pinningRequiresHTTPS() async throws {
        // Given a plain server and a pinned configuration for it
        let server = try MockServer()
        defer { server.shutdown() }
        let pins = PinnedCertificates.certificates([try TransportFixtures.certificate().der])
        let repository = TestRepository(
            configuration: TransportFixtures.configuration(server, pins: pins), transport: CurlTransport())

        // When a request is sent
        let result = await repository.performRawRequest(method: .get, path: "x")

        // Then it is a pinning failure and no connection was made
        guard case .failure(.pinningFailure(let failure)) = result else {
            Issue.record("expected .pinningFailure, got \(result)")
            return
        }
        #expect(failure.reason.contains("https"))
        #expect(server.connectionCount == 0)
    }
}
