import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

@Suite("Pinned certificates from a bundle", .timeLimit(.minutes(1)))
struct PinnedCertificatesBundleTests {
    @Test("a bundle's certificates are found in subfolders, but not inside other bundles beside them")
    func skipsNestedBundles() async throws {
        // Given: a folder laid out like an executable's (Bundle.main on Linux): its own certificate in a
        // subfolder, and another target's resource bundle holding the server's certificate.
        let server = try MockServer(tls: .selfSigned(commonName: "localhost"))
        defer { server.shutdown() }
        let directory = try TransportFixtures.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let own = directory.appendingPathComponent("Certificates")
        let other = directory.appendingPathComponent("OtherApp_Other.resources")
        for folder in [own, other] {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        }
        try TransportFixtures.certificate().der.write(to: own.appendingPathComponent("ours.der"))
        try #require(server.certificateDER).write(to: other.appendingPathComponent("theirs.der"))
        let bundle = try #require(Bundle(url: directory))

        // When
        let result = await TestRepository(
            configuration: TransportFixtures.configuration(server, pins: .bundle(bundle), timeout: 5)
        ).performRawRequest(method: .get, path: "x")

        // Then: only ours.der is pinned, so the server (theirs.der) is refused, and the message says where
        // the pins came from.
        guard case .pinningFailure(let failure)? = result.failure else {
            Issue.record("expected pinningFailure, got \(result)")
            return
        }
        #expect(failure.expectedPins.count == 1)
        #expect(failure.reason.contains("ours.der"))
        #expect(!failure.reason.contains("theirs.der"))
        #expect(server.bytesReceived == 0)
    }
}
