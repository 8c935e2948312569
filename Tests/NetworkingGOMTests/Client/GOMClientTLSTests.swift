import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit
import Testing

/// The GOM client over TLS, pinned to the server's certificate.
@Suite("GOM client over pinned TLS", .timeLimit(.minutes(1)))
struct GOMClientTLSTests {
    private static func certificate() throws -> TestCertificate {
        try TestCertificate.selfSigned(commonName: "localhost", subjectAltNames: ["localhost", "127.0.0.1"])
    }

    @Test("pinned to the served certificate: writes, a create answered with an https Location, and reads work")
    func pinned() async throws {
        // Given a GOM over TLS and a client pinned to its certificate
        let certificate = try Self.certificate()
        let gom = try FakeGOM(tls: certificate)
        defer { gom.shutdown() }
        gom.addNode("/areas")
        let client = GOMClient(configuration: gom.configuration(pins: .certificates([certificate.der])))

        // When it writes, creates and reads
        try await client.updateAttribute("/areas:name", value: "all").get()
        let created = try await client.create(under: "/areas", attributes: ["name": "kitchen"]).get()
        let entry = try await client.retrieve("/areas:name").get()

        // Then everything went over TLS and came back
        #expect(created.uri.hasPrefix("/areas/"))
        #expect(created[attribute: "name"]?.value == "kitchen")
        #expect(
            entry
                == .attribute(
                    GOMAttribute(
                        name: "name", node: "/areas", type: "string", value: "all", ctime: FakeGOM.ctimeDate,
                        mtime: FakeGOM.mtimeDate)))
        #expect(gom.server.recordedRequests.map(\.method) == ["PUT", "POST", "GET", "GET"])
        #expect(gom.server.handshakeCount >= 1)
    }

    @Test("pinned to another certificate: pinningFailure, and the GOM receives no byte of any request")
    func wrongPin() async throws {
        // Given a GOM over TLS and a client pinned to a different certificate
        let gom = try FakeGOM(tls: try Self.certificate())
        defer { gom.shutdown() }
        let other = try Self.certificate()
        let client = GOMClient(configuration: gom.configuration(pins: .certificates([other.der])))

        // When it writes and reads
        let write = await client.updateAttribute("/areas:name", value: "all")
        let read = await client.retrieve("/areas:name")

        // Then both are pinning failures and nothing was received
        for result in [write.map { _ in true }, read.map { _ in true }] {
            guard case .failure(.pinningFailure) = result else {
                Issue.record("expected pinningFailure, got \(result)")
                continue
            }
        }
        #expect(gom.server.bytesReceived == 0)
        #expect(gom.server.requestCount == 0)
    }
}
