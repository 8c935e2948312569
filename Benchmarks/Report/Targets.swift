/// The targets, checked against a report's medians.
struct Targets {
    let report: Report

    /// One target: what it asks, what was measured, and whether it was met.
    struct Check {
        let target: String
        let measured: String
        /// `nil` when the measure could not be taken.
        let met: Bool?
    }

    /// The targets as a table: target, measured, met / MISSED / n/a.
    func table() -> String {
        var table = TextTable(["target", "measured", "status"], rightAligned: [1])
        for check in checks() {
            table.add([check.target, check.measured, check.met.map { $0 ? "met" : "MISSED" } ?? "n/a"])
        }
        return table.render()
    }

    private func checks() -> [Check] {
        var checks: [Check] = []
        let pinned = report.sequential.first { $0.endpoint.kind == .https }
        for (contender, minimum) in [(Contender.urlsession, 3.5), (.curl, 0.85), (.wrk, 0.75)] {
            let name = pinned?.title(contender) ?? contender.title
            checks.append(
                ratioCheck(
                    "Sequential pinned https/1.1 ≥ \(Format.fixed(minimum, 2))× \(name) req/s", pinned, contender,
                    minimum: minimum))
        }
        for result in report.concurrent {
            checks.append(
                ratioCheck(
                    "64 concurrent (≤ \(ConcurrentScenario.connectionsPerHost) connections each), "
                        + "\(result.endpoint.title): ≥ 4× URLSession throughput", result, .urlsession,
                    minimum: 4))
        }
        checks.append(cpuCheck())
        checks += curlParityChecks()
        if let growth = report.memory.growth[.networking] {
            let megabytes = Double(growth.growthKiB) * 1024 / 1e6
            checks.append(
                Check(
                    target: "RSS growth \(checkpointText) requests < 2 MB (Networking)",
                    measured: Format.fixed(megabytes, 2) + " MB", met: megabytes < 2))
        }
        if let peaks = report.memory.peaks[.networking], !peaks.isEmpty {
            let ratio = Samples(peaks.map(\.ratio)).median
            checks.append(
                Check(
                    target: "5 MB decode: peak RSS rise ≤ 3× the body (Networking)", measured: Format.ratio(ratio),
                    met: ratio <= 3))
        }
        if let empty = report.pipeline[.empty] {
            checks.append(
                Check(
                    target: "Stub pipeline overhead ≤ 10 µs per request (EmptyResponse)",
                    measured: Format.fixed(empty.median, 2) + " µs", met: empty.median <= 10))
        }
        if let transfers = report.transfers {
            checks += transferChecks(transfers)
        }
        if let webSocket = report.webSocket {
            checks += WebSocketScenario.targets(webSocket).map {
                Check(target: $0.target, measured: $0.measured, met: $0.met)
            }
        }
        return checks
    }

    /// Per direction: Networking's worst RSS rise, and its throughput against the curl tool's; then the
    /// progress closure's cost.
    private func transferChecks(_ transfers: TransferScenario.Result) -> [Check] {
        var checks: [Check] = []
        for direction in TransferDirection.allCases {
            let runs = transfers.runs[direction] ?? [:]
            let networking = runs[.networking] ?? []
            let size = networking.first.map { Format.binarySize($0.bytes) } ?? "large"
            let rises = networking.compactMap(\.rssRiseKiB)
            if let worst = rises.max() {
                let mebibytes = Double(worst) / 1024
                checks.append(
                    Check(
                        target: "\(size) \(direction.rawValue): RSS growth < 16 MiB (Networking, worst child)",
                        measured: Format.fixed(mebibytes, 1) + " MiB", met: mebibytes < 16))
            }
            let target = "\(size) \(direction.rawValue): ≥ 0.80× curl (tool) throughput"
            if let curl = runs[.curlTool], !curl.isEmpty, !networking.isEmpty {
                let ratio = Report.throughput(networking).median / Report.throughput(curl).median
                checks.append(Check(target: target, measured: Format.ratio(ratio), met: ratio >= 0.8))
            } else {
                checks.append(Check(target: target, measured: "not run", met: nil))
            }
        }
        let size = transfers.progress[false]?.first.map { Format.binarySize($0.bytes) } ?? "256 MiB"
        let target = "\(size) download: a progress closure ≤ 3 % slower (ratio of medians)"
        if let slowdown = Report.progressSlowdown(transfers) {
            let percent = (slowdown - 1) * 100
            checks.append(Check(target: target, measured: Format.fixed(percent, 1) + " %", met: percent <= 3))
        } else {
            checks.append(Check(target: target, measured: "not run", met: nil))
        }
        return checks
    }

    private var checkpointText: String {
        let checkpoints = report.options.counts.rssCheckpoints
        return "\(Format.grouped(Double(checkpoints.first)))→\(Format.grouped(Double(checkpoints.second)))"
    }

    /// A contender's median req/s on an endpoint over a baseline's, which must be at least `minimum`.
    /// - Parameters:
    ///   - target: The target's text.
    ///   - result: The endpoint's runs, or `nil` when the endpoint was not run.
    ///   - baseline: The contender compared with.
    ///   - contender: The contender measured; Networking's default row unless told.
    ///   - minimum: The lowest ratio that meets the target.
    func ratioCheck(
        _ target: String, _ result: EndpointResult?, _ baseline: Contender, contender: Contender = .networking,
        minimum: Double
    ) -> Check {
        guard let result, let measured = result.median(contender, { $0.requestsPerSecond }),
            let other = result.median(baseline, { $0.requestsPerSecond }), other > 0
        else {
            return Check(target: target, measured: "not run", met: nil)
        }
        let ratio = measured / other
        return Check(target: target, measured: Format.ratio(ratio), met: ratio >= minimum)
    }

    /// CPU per request on the worst endpoint of the sequential scenario.
    private func cpuCheck() -> Check {
        let perEndpoint = report.sequential.compactMap { result in
            result.median(.networking) { $0.cpuMicrosecondsPerRequest }.map { (result.endpoint.title, $0) }
        }
        guard let worst = perEndpoint.max(by: { $0.1 < $1.1 }) else {
            return Check(target: "CPU per request ≤ 0.1 ms (Networking)", measured: "not run", met: nil)
        }
        return Check(
            target: "CPU per request ≤ 0.1 ms (Networking, worst endpoint: \(worst.0))",
            measured: Format.fixed(worst.1 / 1000, 3) + " ms", met: worst.1 <= 100)
    }
}
