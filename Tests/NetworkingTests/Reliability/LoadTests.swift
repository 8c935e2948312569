import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension ReliabilityTests {
    /// Many concurrent calls through one repository, some hitting faults: each completes once, with its own
    /// result, nothing stays in flight and memory does not grow.
    @Suite("Load", .timeLimit(.minutes(3)))
    struct LoadTests {
        static let callCount = 500
        static let concurrency = 32

        @Test("500 calls, 32 at a time, a tenth hitting faults: each completes once with its own result")
        func load() async throws {
            // Given a server answering each call by its index and one repository over its own transport
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { request in LoadPlan.response(LoadPlan.index(of: request.path)) }
            let transport = CurlTransport()
            let repository = TestRepository(
                configuration: NetworkingConfiguration(
                    useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, timeout: 3),
                transport: transport)
            // The warm-up meets every fault but the stall, which would only cost the timeout.
            _ = await Self.run(repository, transport: transport, calls: 40, path: "warmup")
            let memoryBefore = try #require(ProcessMemory.residentBytes())

            // When 500 calls run, 32 at a time
            let ((tally, peak), seconds) = await TransportFixtures.measure {
                await Self.run(repository, transport: transport, calls: Self.callCount, path: "load")
            }
            let memoryAfter = try #require(ProcessMemory.residentBytes())

            // Then every call completed exactly once with its expected outcome, and nothing was left behind
            let growth = memoryAfter - memoryBefore
            print(
                "load | \(Self.callCount) calls, \(Self.concurrency) at a time | \(String(format: "%.2f", seconds)) s "
                    + "| peak \(peak) in flight | RSS \(ProcessMemory.mebibytes(memoryBefore)) → "
                    + "\(ProcessMemory.mebibytes(memoryAfter)) (\(ProcessMemory.mebibytes(growth))) | \(tally.summary)")
            #expect(tally.callsNotCompletedOnce.isEmpty)
            #expect(tally.mismatches.isEmpty, "\(tally.mismatches.prefix(10))")
            #expect(tally.counts[.success] == Self.callCount * 9 / 10)
            #expect(peak > 1)
            #expect(peak <= Self.concurrency)
            #expect(transport.liveTransferCount == 0)
            // AddressSanitizer keeps freed memory in quarantine, so RSS says nothing about leaks under it: the
            // bound is checked in the plain and release runs.
            if ProcessMemory.reflectsRetainedMemory {
                #expect(growth < 32 << 20, "RSS grew by \(ProcessMemory.mebibytes(growth))")
            }
        }

        /// Runs `calls` calls with at most ``concurrency`` in flight; children return their index only.
        /// - Returns: The tally and the most transfers seen in flight at once.
        static func run(_ repository: TestRepository, transport: CurlTransport, calls: Int, path: String) async
            -> (OutcomeTally, Int)
        {
            let tally = OutcomeTally(callCount: calls)
            let peak = PeakGauge()
            await withTaskGroup(of: Int.self) { group in
                func add(_ index: Int) {
                    group.addTask {
                        let result: Result<[Book], RepositoryError> = await repository.performRequest(
                            method: .get, path: "\(path)/\(index)")
                        peak.record(transport.liveTransferCount)
                        tally.record(index, LoadOutcome(result, index: index), expected: LoadPlan.expected(index))
                        return index
                    }
                }
                var next = 0
                while next < min(concurrency, calls) {
                    add(next)
                    next += 1
                }
                while await group.next() != nil {
                    if next < calls {
                        add(next)
                        next += 1
                    }
                }
            }
            return (tally, peak.value)
        }
    }
}
