import Foundation
import Networking
import NetworkingTestKit

/// Scenario 5: the cost of the repository pipeline alone (request building, session, observers, validation,
/// decoding) with `StubTransport` answering at once, no I/O.
enum PipelineScenario {
    /// What one call does.
    enum Variant: String, CaseIterable, Sendable {
        /// `performRequest` decoding `EmptyResponse` from a prebuilt 204: the target's measure.
        case empty = "performRequest -> EmptyResponse"
        /// `performRequest` decoding the small record from a prebuilt 200.
        case record = "performRequest -> Record (JSON decode)"
        /// `StubTransport.send` alone: the floor under the pipeline.
        case stubOnly = "StubTransport.send alone"
    }

    /// Microseconds per call, each variant's runs (one per round).
    static func run(counts: Counts) async throws -> [Variant: Samples] {
        let small = try Fixtures.small()
        let endpoint = Endpoint(kind: .http, port: 8080)
        var results: [Variant: Samples] = [:]
        for round in 1...counts.pipelineRounds {
            Progress.say("pipeline: round \(round)/\(counts.pipelineRounds)")
            for variant in Variant.allCases {
                // A fresh stub each run: StubTransport records every request.
                let stub: StubTransport
                switch variant {
                case .empty: stub = StubTransport(statusCode: 204)
                case .record, .stubOnly:
                    stub = StubTransport(statusCode: 200, headers: ["Content-Type": "application/json"], body: small)
                }
                let microseconds = try await measure(
                    variant, stub: stub, endpoint: endpoint, calls: counts.pipelineCalls)
                results[variant, default: Samples()].append(microseconds)
            }
        }
        return results
    }

    /// Only the `EmptyResponse` variant, for perf.
    static func profile(calls: Int) async throws {
        let endpoint = Endpoint(kind: .http, port: 8080)
        let microseconds = try await measure(
            .empty, stub: StubTransport(statusCode: 204), endpoint: endpoint, calls: calls)
        print("profile: \(calls) stub calls, \(Format.fixed(microseconds, 2)) µs per call")
    }

    private static func measure(_ variant: Variant, stub: StubTransport, endpoint: Endpoint, calls: Int) async throws
        -> Double
    {
        let repository = BenchRepository(endpoint: endpoint, certificate: Data(), transport: stub)
        let request = HTTPRequest(method: .get, url: endpoint.url("empty"))
        let start = ContinuousClock.now
        for _ in 0..<calls {
            switch variant {
            case .empty: _ = try await repository.empty().get()
            case .record: _ = try await repository.small().get()
            case .stubOnly: _ = try await stub.send(request)
            }
        }
        return Runner.seconds(start.duration(to: .now)) * 1e6 / Double(calls)
    }
}
