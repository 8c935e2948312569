import Foundation
import Networking
import NetworkingTestKit
import NetworkingTestSupport
import Testing

extension ReliabilityTests {
    /// Many slow requests cancelled at random moments: every call returns `.cancelled`, promptly, and the
    /// transport is left empty and still working.
    @Suite("Cancellation storm", .timeLimit(.minutes(2)))
    struct CancellationStormTests {
        static let callCount = 100

        @Test(
            "100 slow requests cancelled at random moments all return .cancelled, promptly",
            arguments: StormStart.allCases)
        func storm(_ start: StormStart) async throws {
            // Given a server that holds every storm request for a minute, and one repository over its own transport
            let server = try MockServer()
            defer { server.shutdown() }
            server.dispatcher = { request in
                request.path.hasPrefix("/storm/")
                    ? MockResponse(status: 200, json: "[]").delayed(by: 60) : MockResponse(status: 200, json: "[]")
            }
            let transport = CurlTransport()
            let repository = TestRepository(
                configuration: NetworkingConfiguration(
                    useSecureConnection: false, domainURL: "127.0.0.1", port: server.port, timeout: 60),
                transport: transport)
            let seed = UInt64.random(in: 1...UInt64.max)
            var generator = SplitMix64(seed: seed)
            let moments = (0..<Self.callCount).map { _ in
                Int.random(in: 0..<start.spreadMilliseconds, using: &generator)
            }
            let tally = OutcomeTally(callCount: Self.callCount)
            let tasks = (0..<Self.callCount).map { index in
                Task {
                    let result: Result<[Book], RepositoryError> = await repository.performRequest(
                        method: .get, path: "storm/\(index)")
                    tally.record(index, LoadOutcome(result, index: index), expected: .cancelled)
                }
            }
            if start == .allInFlight {
                #expect(await TransportFixtures.eventually(timeout: 30) { server.requestCount == Self.callCount })
            }

            // When each task is cancelled at its random moment
            let stormStart = ContinuousClock.now
            for index in moments.indices.sorted(by: { moments[$0] < moments[$1] }) {
                try? await Task.sleep(until: stormStart + .milliseconds(moments[index]), clock: .continuous)
                tasks[index].cancel()
            }
            let lastCancellation = ContinuousClock.now
            for task in tasks {
                await task.value
            }
            let settled = ContinuousClock.now

            // Then every call returned .cancelled exactly once, soon after its cancellation, nothing is in flight,
            // and the transport still serves requests
            let total = Self.milliseconds(stormStart.duration(to: settled))
            let tail = Self.milliseconds(lastCancellation.duration(to: settled))
            print(
                "storm | \(start.rawValue) | seed \(seed) | \(Self.callCount) cancelled over \(start.spreadMilliseconds) ms "
                    + "| settled \(total) ms after the first cancellation, \(tail) ms after the last "
                    + "| server saw \(server.requestCount) | \(tally.summary)")
            #expect(tally.callsNotCompletedOnce.isEmpty)
            #expect(tally.mismatches.isEmpty, "seed \(seed): \(tally.mismatches.prefix(10))")
            #expect(stormStart.duration(to: settled) < .seconds(10))
            #expect(transport.liveTransferCount == 0)
            let after: Result<[Book], RepositoryError> = await repository.performRequest(method: .get, path: "after")
            #expect(after.success == [])
            #expect(transport.liveTransferCount == 0)
        }

        private static func milliseconds(_ duration: Duration) -> Int {
            Int(duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000)
        }
    }
}
