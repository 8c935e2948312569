import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension ReliabilityTests {
    /// Every way a server can fail, through a repository over its own `CurlTransport` against `MockServer` on
    /// 127.0.0.1: the right ``RepositoryError``, within the timeout, with nothing left in flight.
    @Suite("Fault matrix", .timeLimit(.minutes(2)))
    struct FaultMatrixTests {
        /// The repository's whole-request budget.
        static let timeout: TimeInterval = 1

        @Test("each fault yields its RepositoryError within the timeout", arguments: ReliabilityFault.allCases)
        func fault(_ fault: ReliabilityFault) async throws {
            // Given a server answering with the fault (or a port nothing listens on) and a repository with a 1 s timeout
            let server = try MockServer()
            defer { server.shutdown() }
            let closedPort = try ClosedPort()
            if let response = fault.response {
                server.enqueue(response)
            }
            let port = fault.response == nil ? closedPort.port : server.port
            let transport = CurlTransport()
            let repository = TestRepository(
                configuration: NetworkingConfiguration(
                    useSecureConnection: false, domainURL: "127.0.0.1", port: port, timeout: Self.timeout),
                transport: transport)

            // When a typed request is sent
            let (result, seconds) = await TransportFixtures.measure { () async -> Result<[Book], RepositoryError> in
                await repository.performRequest(method: .get, path: "books")
            }
            withExtendedLifetime(closedPort) {}  // the port stays bound (and refused) until the request is done

            // Then it is the fault's error, in time (a loose bound: a loaded 2-core CI box), and nothing is in flight
            print(
                "fault-matrix | \(fault.rawValue) | \(ReliabilityFault.summary(result)) | \(Self.milliseconds(seconds))"
            )
            #expect(fault.mismatch(result) == nil, "\(fault.mismatch(result) ?? "")")
            #expect(seconds < Self.timeout + 5)
            if fault.isTimeout {
                #expect(seconds >= Self.timeout - 0.05)
            }
            #expect(transport.liveTransferCount == 0)
        }

        private static func milliseconds(_ seconds: Double) -> String {
            "\(Int((seconds * 1000).rounded())) ms"
        }
    }
}
