import Foundation
import Networking
import NetworkingTestKit

/// Scenario 8a: what an envelope costs. The same 5 MB array of records decoded by `performRequest` from a bare
/// body and at the envelope's result key path (`{"meta": …, "data": [ … ]}`), and by `performEnvelopedRequest`
/// with and without reading its root; `StubTransport` answers at once, so only decoding is measured.
enum MappingScenario {
    /// One way of decoding the array.
    enum Variant: String, CaseIterable, Sendable {
        /// `performRequest -> [Record]` from the bare array: the baseline.
        case bare = "performRequest, bare array (baseline)"
        /// `performRequest -> [Record]` with an envelope rule: decoded at `data` in the same pass.
        case keyPath = "performRequest at key path \"data\""
        /// `performEnvelopedRequest -> Enveloped<[Record]>`, root not read.
        case enveloped = "performEnvelopedRequest"
        /// The same, then `root["meta"]` read (the whole body parsed into a JSONValue tree).
        case envelopedRoot = "performEnvelopedRequest + root read"
    }

    /// Milliseconds per decode, each variant's runs (one per round, variants alternating within a round).
    static func run(rounds: Int) async throws -> [Variant: Samples] {
        let bare = try Fixtures.large()
        let envelope =
            Data(#"{"meta":{"total":1,"page":1,"next":"/records?page=2"},"data":"#.utf8) + bare + Data("}".utf8)
        var results: [Variant: Samples] = [:]
        for round in 0...rounds {
            Progress.say("envelopes: round \(round)/\(rounds)")
            for variant in Variant.allCases {
                let milliseconds = try await measure(variant, bare: bare, envelope: envelope)
                if round > 0 {  // round 0 warms up
                    results[variant, default: Samples()].append(milliseconds)
                }
            }
        }
        return results
    }

    private static func measure(_ variant: Variant, bare: Data, envelope: Data) async throws -> Double {
        let stub = StubTransport(
            statusCode: 200, headers: ["Content-Type": "application/json"],
            body: variant == .bare ? bare : envelope)
        var configuration = NetworkingConfiguration(useSecureConnection: false, domainURL: "127.0.0.1")
        configuration.eventMonitors = []
        configuration.responseMapping.envelope("records", resultKeyPath: "data")
        let repository = EnvelopeRepository(configuration: configuration, transport: stub)
        let start = ContinuousClock.now
        switch variant {
        case .bare, .keyPath:
            let path = variant == .bare ? "bare" : "records"
            let records: [Record] = try await repository.performRequest(method: .get, path: path).get()
            try check(records.count)
        case .enveloped:
            let page: Enveloped<[Record]> = try await repository.performEnvelopedRequest(method: .get, path: "records")
                .get()
            try check(page.result.count)
        case .envelopedRoot:
            let page: Enveloped<[Record]> = try await repository.performEnvelopedRequest(method: .get, path: "records")
                .get()
            guard page.root["meta"]?["total"]?.intValue == 1 else {
                throw BenchmarkError("the envelope's root has no meta.total")
            }
            try check(page.result.count)
        }
        return Runner.seconds(start.duration(to: .now)) * 1e3
    }

    private static func check(_ count: Int) throws {
        guard count > 1000 else {
            throw BenchmarkError("decoded \(count) records from the 5 MB array")
        }
    }

    /// The report's section.
    static func render(_ results: [Variant: Samples], rounds: Int) -> String {
        var table = TextTable(["decode of the 5 MB array", "ms", "min–max", "× bare"], rightAligned: [1, 2, 3])
        let baseline = results[.bare]?.median ?? .nan
        for variant in Variant.allCases {
            guard let samples = results[variant] else {
                continue
            }
            table.add([
                variant.rawValue, Format.fixed(samples.median, 1),
                "\(Format.fixed(samples.minimum, 1))–\(Format.fixed(samples.maximum, 1))",
                Format.fixed(samples.median / baseline, 2),
            ])
        }
        return "8a. Envelopes: one decode of the 5 MB array through the repository (StubTransport, no I/O), medians of "
            + "\(rounds) rounds; target: key path ≤ 1.30 × bare\n" + table.render()
    }
}

/// A repository with no methods of its own: the scenario calls the `perform…` methods directly.
private final class EnvelopeRepository: AbstractRepository, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond AbstractRepository's immutable lets.
}
