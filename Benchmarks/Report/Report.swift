import Foundation

/// Everything measured in one run, turned into the printed report.
struct Report {
    let options: Options
    var sequential: [EndpointResult] = []
    var concurrent: [EndpointResult] = []
    var memory = MemoryScenario.Result()
    var pipeline: [PipelineScenario.Variant: Samples] = [:]
    /// The transfer scenarios, when script/bench set them up.
    var transfers: TransferScenario.Result?
    /// The envelope scenario.
    var envelopes: [MappingScenario.Variant: Samples] = [:]
    /// The JSON decoding scenario.
    var decoding: [DecodeScenario.Variant: Samples] = [:]
    /// The store scenario.
    var store: [StoreScenario.Variant: Samples] = [:]
    /// The cache scenario.
    var cache: [CacheScenario.Variant: [CacheScenario.Run]] = [:]
    /// The WebSocket scenario.
    var webSocket: WebSocketScenario.Result?
    /// The GOM notification scenario.
    var gom: GOMScenario.Result?
    var failures: [String] = []

    /// The report: heading, one table per scenario, then the targets.
    func render() -> String {
        var sections = [heading()]
        let counts = options.counts
        sections.append(
            "1 + 3. Sequential small GET + decode: \(Format.grouped(Double(counts.sequentialRequests))) requests per run "
                + "(wrk: \(counts.wrkSeconds) s), one connection each; CPU and voluntary context switches per request "
                + "from getrusage(RUSAGE_SELF) around each run (wrk: its own, from RUSAGE_CHILDREN)\n"
                + requestTable(sequential, withSwitches: true))
        sections.append(
            "2. Concurrent small GET + decode: \(Format.grouped(Double(counts.concurrentRequests))) requests per run, "
                + "\(counts.concurrentInFlight) in flight (wrk: -t\(ConcurrentScenario.wrkThreads) "
                + "-c\(ConcurrentScenario.wrkConnections) for \(counts.wrkSeconds) s); every contender limited to "
                + "\(ConcurrentScenario.connectionsPerHost) connections per host; \"conns\" is the most it had open at "
                + "once (sampled from /proc/net/tcp every 20 ms), \"opened\" the connections nginx accepted per run "
                + "(median; stub_status)\n"
                + requestTable(concurrent, withSwitches: false))
        sections.append(memorySection())
        sections.append(pipelineSection())
        if let transfers {
            sections += transferSections(transfers)
        }
        sections.append(MappingScenario.render(envelopes, rounds: counts.mappingRounds))
        sections.append(StoreScenario.render(store, rounds: counts.mappingRounds))
        sections.append(CacheScenario.render(cache, rounds: counts.mappingRounds, calls: counts.cacheCalls))
        sections.append(DecodeScenario.render(decoding, rounds: counts.mappingRounds))
        if let webSocket {
            sections.append(WebSocketScenario.render(webSocket))
        }
        if let gom {
            sections.append(GOMScenario.render(gom))
        }
        sections.append("Targets\n" + Targets(report: self).table())
        if !failures.isEmpty {
            sections.append("Failed requests\n" + failures.map { "  " + $0 }.joined(separator: "\n"))
        }
        return sections.joined(separator: "\n\n") + "\n"
    }

    private func heading() -> String {
        let counts = options.counts
        var lines = [
            "Networking benchmarks (\(options.quick ? "--quick: small counts, numbers not meaningful" : "full run")), "
                + "\(Date().formatted(.iso8601))"
        ]
        lines += Machine.description(swiftVersion: options.swiftVersion, nginxVersion: options.nginxVersion)
        lines.append(
            "Medians of \(counts.sequentialRounds) rounds (concurrent: \(counts.concurrentRounds)); within a round the "
                + "contenders run one after another (A B C D, A B C D, ...). Client and server share the cores with "
                + "whatever else runs: expect ±20 % run to run.")
        lines.append("\"N ÷\" is Networking's median divided by that row's median (higher is better for Networking).")
        lines.append(
            "\"Networking, executor\" makes the same calls with each whole run (and its warm-up) inside "
                + "withTaskExecutorPreference(transport.executor); \"E ÷\" is its median divided by that row's median.")
        return lines.joined(separator: "\n")
    }

    private func requestTable(_ results: [EndpointResult], withSwitches: Bool) -> String {
        var header = ["endpoint", "contender", "req/s", "min–max", "N ÷", "E ÷", "CPU µs/req"]
        header += withSwitches ? ["vol. csw/req"] : ["conns", "opened"]
        var table = TextTable(header, rightAligned: [2, 3, 4, 5, 6, 7, 8])
        for result in results {
            let networking = result.median(.networking) { $0.requestsPerSecond }
            let executor = result.median(.networkingExecutor) { $0.requestsPerSecond }
            for (index, contender) in result.contenders.enumerated() {
                guard let runs = result.runs[contender] else {
                    continue
                }
                let rate = runs.samples { $0.requestsPerSecond }
                var row = [
                    index == 0 ? result.endpoint.title : "", result.title(contender), Format.grouped(rate.median),
                    Format.range(rate), networking.map { Format.ratio($0 / rate.median) } ?? "",
                    executor.map { Format.ratio($0 / rate.median) } ?? "",
                    Format.grouped(runs.samples { $0.cpuMicrosecondsPerRequest }.median),
                ]
                if withSwitches {
                    row.append(Format.fixed(runs.samples { $0.voluntarySwitchesPerRequest }.median, 2))
                } else {
                    row.append(result.peakConnections[contender].map { String($0) } ?? "")
                    row.append(
                        result.openedConnections[contender].map { Format.grouped(Samples($0.map(Double.init)).median) }
                            ?? "")
                }
                table.add(row)
            }
        }
        return table.render()
    }

    private func memorySection() -> String {
        let checkpoints = options.counts.rssCheckpoints
        let endpoint = Endpoint.of(ChildModes.growthEndpoint, options)
        var growth = TextTable(
            [
                "contender", "after warm-up", "after \(Format.grouped(Double(checkpoints.first)))",
                "after \(Format.grouped(Double(checkpoints.second)))", "growth",
            ],
            rightAligned: [1, 2, 3, 4])
        for contender in memory.contenders {
            guard let run = memory.growth[contender] else {
                continue
            }
            growth.add([
                contender.title, Format.megabytes(kib: run.startKiB), Format.megabytes(kib: run.firstKiB),
                Format.megabytes(kib: run.secondKiB),
                (run.growthKiB >= 0 ? "+" : "") + Format.megabytes(kib: run.growthKiB),
            ])
        }
        var peak = TextTable(
            ["contender", "body", "RSS before", "fetch only: rise", "fetch + decode: peak", "rise", "rise ÷ body"],
            rightAligned: [1, 2, 3, 4, 5, 6])
        for contender in [Contender.networking, .curl, .urlsession] {
            guard let runs = memory.peaks[contender], let body = runs.first?.bodyBytes else {
                continue
            }
            let before = Samples(runs.map { Double($0.beforeKiB) }).median
            let top = Samples(runs.map { Double($0.peakKiB) }).median
            let fetchRise = memory.fetchPeaks[contender].map { Samples($0.map { Double($0.riseBytes) }).median }
            peak.add([
                contender.title, Format.megabytes(bytes: body), Format.megabytes(kib: Int(before)),
                fetchRise.map { Format.megabytes(bytes: Int($0)) } ?? "",
                Format.megabytes(kib: Int(top)), Format.megabytes(bytes: Int((top - before) * 1024)),
                Format.ratio(Samples(runs.map(\.ratio)).median),
            ])
        }
        return "4. Memory, each in a fresh child process of this binary\n"
            + "RSS (VmRSS) over sequential small GETs on \(endpoint.title)\n" + growth.render() + "\n"
            + "Peak RSS of one GET + decode of the array into [Record] over http, after a warm-up GET; VmHWM reset "
            + "just before (clear_refs); \"fetch only\" is the same GET without decoding; medians of "
            + "\(options.counts.peakDecodeRounds) fresh processes each\n" + peak.render()
    }

    private func pipelineSection() -> String {
        var table = TextTable(["call", "µs per call", "min–max"], rightAligned: [1, 2])
        for variant in PipelineScenario.Variant.allCases {
            guard let samples = pipeline[variant] else {
                continue
            }
            table.add([
                variant.rawValue, Format.fixed(samples.median, 2),
                "\(Format.fixed(samples.minimum, 2))–\(Format.fixed(samples.maximum, 2))",
            ])
        }
        return
            "5. Pipeline overhead with StubTransport (no I/O), \(Format.grouped(Double(options.counts.pipelineCalls))) "
            + "sequential calls per run\n" + table.render()
    }
}
