import Foundation

extension Targets {
    /// The Networking rows each libcurl-parity target is checked for: the default one and the executor one.
    private static let curlParityContenders: [Contender] = [.networking, .networkingExecutor]

    /// The rows the concurrent targets are also checked for: raw libcurl's one-thread multi loop, the ceiling of a
    /// libcurl client that drives every transfer from one thread, as Networking's event loop does.
    private static let concurrentContenders: [Contender] = curlParityContenders + [.curl]

    /// The libcurl-parity targets (issue 17's), each for both Networking rows (the contender is named in the
    /// target's text): sequential http and pinned https/1.1 against raw libcurl, voluntary context switches and CPU
    /// per sequential request, concurrent http against wrk, and CPU per concurrent request (these two also for raw
    /// libcurl).
    func curlParityChecks() -> [Check] {
        var checks: [Check] = []
        for kind in [Endpoint.Kind.http, .https] {
            let result = report.sequential.first { $0.endpoint.kind == kind }
            let title = result?.endpoint.title ?? Endpoint(kind: kind, port: 0).title
            for contender in Self.curlParityContenders {
                checks.append(
                    ratioCheck(
                        "Issue 17: sequential \(title) ≥ 0.85× raw libcurl req/s (\(contender.title))", result, .curl,
                        contender: contender, minimum: 0.85))
            }
        }
        for contender in Self.curlParityContenders {
            checks.append(
                worstEndpointCheck(
                    "Issue 17: sequential ≤ 0.3 voluntary context switches/req", report.sequential,
                    contender, limit: 0.3, metric: \.voluntarySwitchesPerRequest
                ) { Format.fixed($0, 2) })
        }
        let concurrentHTTP = report.concurrent.first { $0.endpoint.kind == .http }
        let wrkTitle = "wrk -t\(ConcurrentScenario.wrkThreads) -c\(ConcurrentScenario.wrkConnections)"
        for contender in Self.concurrentContenders {
            checks.append(
                ratioCheck(
                    "Issue 17: 64 concurrent http ≥ 0.60× \(wrkTitle) req/s (\(contender.title))", concurrentHTTP,
                    .wrk, contender: contender, minimum: 0.6))
        }
        for contender in Self.concurrentContenders {
            checks.append(
                worstEndpointCheck(
                    "Issue 17: 64 concurrent, CPU ≤ 40 µs/req", report.concurrent, contender, limit: 40,
                    metric: \.cpuMicrosecondsPerRequest
                ) { Format.fixed($0, 1) + " µs" })
        }
        for contender in Self.curlParityContenders {
            checks.append(
                worstEndpointCheck(
                    "Issue 17: sequential, CPU ≤ 60 µs/req", report.sequential, contender, limit: 60,
                    metric: \.cpuMicrosecondsPerRequest
                ) { Format.fixed($0, 1) + " µs" })
        }
        return checks
    }

    /// A contender's median of a metric on its worst endpoint (the highest), which must be at most `limit`.
    /// - Parameters:
    ///   - target: The target's text, without the contender and the endpoint (added in parentheses).
    ///   - results: The scenario's endpoints.
    ///   - contender: The contender measured.
    ///   - limit: The highest median that meets the target.
    ///   - metric: The metric of one run.
    ///   - format: How the measured median is shown.
    private func worstEndpointCheck(
        _ target: String, _ results: [EndpointResult], _ contender: Contender, limit: Double,
        metric: (RunSample) -> Double, format: (Double) -> String
    ) -> Check {
        let perEndpoint = results.compactMap { result in
            result.median(contender, metric).map { (result.endpoint.title, $0) }
        }
        guard let worst = perEndpoint.max(by: { $0.1 < $1.1 }) else {
            return Check(target: "\(target) (\(contender.title))", measured: "not run", met: nil)
        }
        return Check(
            target: "\(target) (\(contender.title); worst: \(worst.0))", measured: format(worst.1),
            met: worst.1 <= limit)
    }
}
