import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

/// A transport keeps the easy handle of a plain GET configured for the next plain GET with the same pinning (only
/// the URL, timeouts, ceiling, header lines and callback contexts are set again); every other request gets a reset
/// handle, and a handle that carried one is reset when it comes back. These tests send requests one after another on
/// one transport, so each takes the handle the previous one gave back: the plain GET after another kind of request
/// checks the reset, the header, timeout and pinned tests the kept configuration.
@Suite("CurlTransport's kept easy handles carry nothing from one request to the next", .timeLimit(.minutes(1)))
struct HandleReuseTests {
    /// The request sent between two plain GETs.
    enum Between: String, CaseIterable, Sendable {
        case postWithBody, put, delete, head, getWithHeaders, getWithProgress, download
    }

    @Test("a plain GET after another request is a plain GET", arguments: Between.allCases)
    func plainGetAfter(_ between: Between) async throws {
        // Given a transport whose handle is configured by a plain GET
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "body") }
        let transport = CurlTransport()
        _ = try await transport.send(TransportFixtures.request(server, "/warm"))
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        // When another kind of request follows, then a plain GET without header lines
        _ = try await transport.send(request(between, server, directory: directory))
        let response = try await transport.send(TransportFixtures.request(server, "/plain"))

        // Then the plain GET went out as one, and its response came back whole
        let recorded = try #require(server.requests(path: "/plain").first)
        #expect(recorded.method == "GET")
        #expect(recorded.body.isEmpty)
        #expect(recorded.headers["Content-Type"] == nil)
        #expect(recorded.headers["X-Secret"] == nil)
        #expect(recorded.headers["Content-Length"] == nil)
        #expect(recorded.headers["User-Agent"] == CurlTransport.userAgent)
        #expect(recorded.headers["Accept-Encoding"]?.contains("gzip") == true)
        #expect(response.statusCode == 200)
        #expect(response.body == Data("body".utf8))
    }

    @Test("header lines of a plain GET do not reach the next plain GET on the same handle")
    func headerLinesDoNotOutliveTheirRequest() async throws {
        // Given two plain GETs in a row, the first with header lines
        let server = try MockServer()
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport()
        for _ in 0..<3 {
            _ = try await transport.send(
                TransportFixtures.request(server, "/with", headers: ["X-Secret": "token", "Accept": "text/plain"]))
            // When the next carries none
            _ = try await transport.send(TransportFixtures.request(server, "/without"))
        }

        // Then only the first of each pair carried them
        #expect(server.requests(path: "/with").count == 3)
        #expect(server.requests(path: "/with").allSatisfy { $0.headers["X-Secret"] == "token" })
        #expect(server.requests(path: "/without").count == 3)
        #expect(server.requests(path: "/without").allSatisfy { $0.headers["X-Secret"] == nil })
        #expect(server.requests(path: "/without").allSatisfy { $0.headers["Accept"] != "text/plain" })
        #expect(server.connectionCount == 1)
    }

    @Test("a download to a file after plain GETs is held to no memory ceiling")
    func downloadAfterPlainGets() async throws {
        // Given a transport with a small ceiling and a plain GET that configured its handle
        let server = try MockServer()
        defer { server.shutdown() }
        let large = Data(repeating: 7, count: 64 * 1024)
        server.route("/large") { _ in MockResponse(status: 200, body: large) }
        server.route("/small") { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport(maximumResponseSize: 4096)
        _ = try await transport.send(TransportFixtures.request(server, "/small"))
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }

        // When a download to a file follows
        var download = TransportFixtures.request(server, "/large")
        download.responseBodyFile = directory.appendingPathComponent("large.bin")
        _ = try await transport.send(download)

        // Then the file has the whole body (the plain GET's ceiling did not reach it)
        #expect(try Data(contentsOf: directory.appendingPathComponent("large.bin")) == large)
    }

    @Test("a plain GET's timeout is its own, not the previous plain GET's")
    func timeoutIsSetAgain() async throws {
        // Given a handle configured by a plain GET with a short timeout
        let server = try MockServer()
        defer { server.shutdown() }
        server.route("/fast") { _ in MockResponse(status: 200, text: "ok") }
        let short = TestTime.bound(0.5)
        server.route("/slow") { _ in MockResponse(status: 200, text: "late").delayed(by: short * 3) }
        let transport = CurlTransport()
        _ = try await transport.send(TransportFixtures.request(server, "/fast", timeout: short))

        // When the next plain GET has a long one and the server answers after the short one has passed
        let response = try await transport.send(TransportFixtures.request(server, "/slow", timeout: 30))

        // Then it waited on its own budget (libcurl would have given up after the earlier request's)
        #expect(response.body == Data("late".utf8))
    }

    @Test("pinned GETs in a row with the same pins: each is checked by its own pin check")
    func pinnedGetsInARow() async throws {
        // Given two TLS servers with different certificates, pins for the first, and a transport whose handle a
        // pinned GET to the first configured
        let certificate = try TransportFixtures.certificate()
        let other = try TransportFixtures.certificate()
        let pinnedServer = try MockServer(tls: certificate)
        defer { pinnedServer.shutdown() }
        let otherServer = try MockServer(tls: other)
        defer { otherServer.shutdown() }
        for server in [pinnedServer, otherServer] {
            server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        }
        let transport = CurlTransport()
        let pins = PinnedCertificates.certificates([certificate.der])
        _ = try await transport.send(TransportFixtures.request(pinnedServer, "/a", pinning: pins))

        // When a second pinned GET goes to the same server, and a third to the other one
        let second = try await transport.send(TransportFixtures.request(pinnedServer, "/b", pinning: pins))
        let failure = await #expect(throws: PinningFailure.self) {
            try await transport.send(TransportFixtures.request(otherServer, "/c", pinning: pins))
        }

        // Then the second reused the connection, and the third failed its handshake on the other server's
        // certificate before any request byte
        #expect(second.body == Data("ok".utf8))
        #expect(pinnedServer.connectionCount == 1)
        #expect(failure?.servedPins == [other.spkiPin])
        #expect(failure?.expectedPins == [certificate.spkiPin])
        #expect(otherServer.bytesReceived == 0)
        #expect(otherServer.requestCount == 0)
    }

    @Test("after a pinned GET, an unpinned GET to the same self-signed server is not trusted")
    func pinnedThenUnpinned() async throws {
        // Given a TLS server with a self-signed certificate and a transport whose handle a pinned GET configured
        let certificate = try TransportFixtures.certificate()
        let server = try MockServer(tls: certificate)
        defer { server.shutdown() }
        server.dispatcher = { _ in MockResponse(status: 200, text: "ok") }
        let transport = CurlTransport()
        let pins = PinnedCertificates.certificates([certificate.der])
        _ = try await transport.send(TransportFixtures.request(server, "/pinned", pinning: pins))

        // When an unpinned GET follows
        let outcome = await TransportFixtures.outcome {
            try await transport.send(TransportFixtures.request(server, "/unpinned"))
        }

        // Then the system trust store judges it: the handshake fails (the pinned certificate is not trusted for
        // it, and no pin check of the earlier request runs), and a pinned GET still succeeds afterwards
        guard case .failure(let error) = outcome else {
            Issue.record("an unpinned request trusted a self-signed certificate: \(outcome)")
            return
        }
        #expect(transportCode(of: error) == .tlsHandshakeFailed, "\(error)")
        #expect(server.requests(path: "/unpinned").isEmpty)
        let again = try await transport.send(TransportFixtures.request(server, "/pinned", pinning: pins))
        #expect(again.body == Data("ok".utf8))
    }

    private func request(_ between: Between, _ server: MockServer, directory: URL) -> HTTPRequest {
        switch between {
        case .postWithBody:
            TransportFixtures.request(
                server, "/between", method: .post, headers: ["Content-Type": "text/plain"], body: Data("abc".utf8))
        case .put:
            TransportFixtures.request(server, "/between", method: .put, body: Data("put".utf8))
        case .delete:
            TransportFixtures.request(server, "/between", method: .delete)
        case .head:
            TransportFixtures.request(server, "/between", method: .head)
        case .getWithHeaders:
            TransportFixtures.request(server, "/between", headers: ["X-Secret": "token", "Content-Type": "a/b"])
        case .getWithProgress:
            {
                var request = TransportFixtures.request(server, "/between")
                request.downloadProgress = { _ in }
                return request
            }()
        case .download:
            {
                var request = TransportFixtures.request(server, "/between")
                request.responseBodyFile = directory.appendingPathComponent("between.bin")
                return request
            }()
        }
    }
}
