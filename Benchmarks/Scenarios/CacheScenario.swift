import Foundation
import Networking
import NetworkingTestKit

/// Scenario 8c: what the response cache saves. The same small GET + decode through a repository against a
/// `MockServer` on 127.0.0.1: without a cache (every call a loopback round trip), as a fresh cache hit (no
/// I/O), and revalidated (`no-cache` + `ETag`: every call a round trip answered 304 without a body).
enum CacheScenario {
    /// One way of making the call.
    enum Variant: String, CaseIterable, Sendable {
        case network = "GET over loopback, no cache (baseline)"
        case hit = "GET answered by the cache (fresh hit)"
        case hitRaw = "the same, body taken raw (Data, no decode)"
        case revalidated = "GET revalidated (304)"
    }

    /// What one run measured.
    struct Run: Sendable {
        var requestsPerSecond: Double
        /// Requests the server received per call.
        var serverRequestsPerCall: Double
        /// Response body bytes the server wrote per call (``MockServer/bodyBytesSent``).
        var bodyBytesPerCall: Double
    }

    /// Each variant's runs.
    static func run(rounds: Int, calls: Int) async throws -> [Variant: [Run]] {
        let server = try MockServer()
        defer { server.shutdown() }
        let body = try Fixtures.small()
        server.route("/fresh") { _ in
            MockResponse(
                headers: ["Content-Type": "application/json", "Cache-Control": "max-age=3600"], body: body)
        }
        server.route("/revalidated") { request in
            if request.headers["If-None-Match"] == #""v1""# {
                return MockResponse(status: 304, headers: ["ETag": #""v1""#])
            }
            return MockResponse(
                headers: ["Content-Type": "application/json", "Cache-Control": "no-cache", "ETag": #""v1""#], body: body
            )
        }
        var results: [Variant: [Run]] = [:]
        for round in 0...rounds {
            Progress.say("cache: round \(round)/\(rounds)")
            for variant in Variant.allCases {
                let run = try await measure(variant, server: server, calls: calls)
                if round > 0 {  // round 0 warms up
                    results[variant, default: []].append(run)
                }
            }
        }
        return results
    }

    private static func measure(_ variant: Variant, server: MockServer, calls: Int) async throws
        -> Run
    {
        var configuration = NetworkingConfiguration(
            useSecureConnection: false, domainURL: "127.0.0.1", port: server.port)
        configuration.eventMonitors = []
        if variant != .network {
            configuration.cache = .memory()
        }
        let repository = CacheRepository(configuration: configuration)
        let path = variant == .revalidated ? "revalidated" : "fresh"
        let _: Record = try await repository.performRequest(method: .get, path: path).get()  // stores it
        let requestsBefore = server.requestCount(path: "/\(path)")
        let sentBefore = server.bodyBytesSent
        let start = ContinuousClock.now
        for _ in 0..<calls {
            if variant == .hitRaw {
                let _: Data = try await repository.performRequest(method: .get, path: path).get()
            } else {
                let _: Record = try await repository.performRequest(method: .get, path: path).get()
            }
        }
        let seconds = Runner.seconds(start.duration(to: .now))
        return Run(
            requestsPerSecond: Double(calls) / seconds,
            serverRequestsPerCall: Double(server.requestCount(path: "/\(path)") - requestsBefore) / Double(calls),
            bodyBytesPerCall: Double(server.bodyBytesSent - sentBefore) / Double(calls))
    }

    /// The report's section.
    static func render(_ results: [Variant: [Run]], rounds: Int, calls: Int) -> String {
        var table = TextTable(
            ["call", "req/s", "min–max", "× no cache", "server requests/call", "body bytes sent/call"],
            rightAligned: [1, 2, 3, 4, 5])
        let baseline = median(results[.network]?.map(\.requestsPerSecond) ?? [])
        for variant in Variant.allCases {
            guard let runs = results[variant], !runs.isEmpty else {
                continue
            }
            let rates = runs.map(\.requestsPerSecond)
            table.add([
                variant.rawValue, Format.grouped(median(rates)),
                "\(Format.grouped(rates.min() ?? 0))–\(Format.grouped(rates.max() ?? 0))",
                Format.fixed(median(rates) / baseline, 1), Format.fixed(median(runs.map(\.serverRequestsPerCall)), 2),
                Format.grouped(median(runs.map(\.bodyBytesPerCall))),
            ])
        }
        return "8c. Response cache: \(Format.grouped(Double(calls))) sequential small GET + decode per run through a "
            + "repository, MockServer on 127.0.0.1 (http), medians of \(rounds) rounds; target: a fresh hit ≥ 20 × "
            + "the GET over loopback, a revalidation one round trip without body (decoding the record alone costs "
            + "about 3 µs a call, see 8d, which caps the decoded hit)\n" + table.render()
    }

    private static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else {
            return .nan
        }
        return sorted[sorted.count / 2]
    }
}

/// A repository with no methods of its own: the scenario calls `performRequest` directly.
private final class CacheRepository: AbstractRepository, @unchecked Sendable {
    // @unchecked Sendable: no state of its own beyond AbstractRepository's immutable lets.
}
