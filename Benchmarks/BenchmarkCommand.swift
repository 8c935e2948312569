import Foundation

/// Runs the mode the options ask for.
enum BenchmarkCommand {
    static func run(_ options: Options) async throws {
        switch options.mode {
        case .writeFixtures(let directory):
            try Fixtures.write(into: directory)
        case .peakDecode(let contender):
            try options.validateForNetworkRuns()
            try await ChildModes.peakDecode(contender, options: options)
        case .rssGrowth(let contender):
            try options.validateForNetworkRuns()
            try await ChildModes.rssGrowth(contender, options: options)
        case .transfer(let direction):
            try options.validateForNetworkRuns()
            try await ChildModes.transfer(direction, options: options)
        case .profile(.stub):
            try await PipelineScenario.profile(calls: options.requests ?? 1_000_000)
        case .profile(.ws), .profile(.wss):
            let scheme: WebSocketScenario.Scheme = options.mode == .profile(.ws) ? .ws : .wss
            try await WebSocketScenario.profile(
                scheme, contender: options.profiledContender, large: options.largeMessages,
                roundTrips: options.requests ?? (options.largeMessages ? 1_000 : 100_000))
        case .profile(let target):
            try options.validateForNetworkRuns()
            try await profile(options, target)
        case .mapping:
            let envelopes = try await MappingScenario.run(rounds: options.counts.mappingRounds)
            print(MappingScenario.render(envelopes, rounds: options.counts.mappingRounds))
            let store = try StoreScenario.run(rounds: options.counts.mappingRounds)
            print(StoreScenario.render(store, rounds: options.counts.mappingRounds))
            let cache = try await CacheScenario.run(
                rounds: options.counts.mappingRounds, calls: options.counts.cacheCalls)
            print(CacheScenario.render(cache, rounds: options.counts.mappingRounds, calls: options.counts.cacheCalls))
            let decoding = try DecodeScenario.run(rounds: options.counts.mappingRounds)
            print(DecodeScenario.render(decoding, rounds: options.counts.mappingRounds))
        case .webSocket:
            let result = try await WebSocketScenario.run(counts: options.counts)
            print(WebSocketScenario.render(result))
            print("Targets\n" + WebSocketScenario.targetTable(result))
        case .gom:
            print(GOMScenario.render(try await GOMScenario.run(counts: options.counts)))
        case .chart:
            try Chart.write(options)
        case .all:
            try options.validateForNetworkRuns()
            try await all(options)
        }
    }

    /// Every scenario in turn, then the report on standard output.
    private static func all(_ options: Options) async throws {
        let failures = FailureLog()
        let clients = try Clients(options: options)
        var report = Report(options: options)
        report.sequential = try await SequentialScenario.run(
            clients: clients, counts: options.counts, failures: failures)
        report.concurrent = try await ConcurrentScenario.run(
            clients: clients, counts: options.counts, failures: failures)
        clients.close()
        report.memory = try MemoryScenario.run(options: options)
        report.pipeline = try await PipelineScenario.run(counts: options.counts)
        report.envelopes = try await MappingScenario.run(rounds: options.counts.mappingRounds)
        report.store = try StoreScenario.run(rounds: options.counts.mappingRounds)
        report.cache = try await CacheScenario.run(
            rounds: options.counts.mappingRounds, calls: options.counts.cacheCalls)
        report.decoding = try DecodeScenario.run(rounds: options.counts.mappingRounds)
        report.webSocket = try await WebSocketScenario.run(counts: options.counts)
        report.gom = try await GOMScenario.run(counts: options.counts)
        if options.runsTransfers {
            report.transfers = TransferScenario.run(options: options, failures: failures)
        }
        report.failures = failures.lines
        for contender in report.memory.contenders {
            if let growth = report.memory.growth[contender], growth.failures > 0 {
                report.failures.append("memory growth \(contender.title): \(growth.failures) failed")
            }
        }
        print(report.render(), terminator: "")
    }

    /// Only one contender's sequential loop on one endpoint, for perf.
    private static func profile(_ options: Options, _ target: ProfileTarget) async throws {
        let clients = try Clients(options: options)
        let kind: Endpoint.Kind =
            switch target {
            case .http: .http
            case .h2: .h2
            case .https, .stub, .ws, .wss: .https
            }
        let endpoint = Endpoint.of(kind, options)
        let contender = options.profiledContender
        guard options.profiledLayer == .call || contender == .networking || contender == .networkingExecutor else {
            throw BenchmarkError("--layer applies to the networking and networking-executor contenders only")
        }
        let failures = FailureLog()
        let run: RunSample
        if let inFlight = options.profiledInFlight, contender == .curl {
            let threads = options.profiledThreads
            let loops = try (0..<threads).map { _ in
                try RawCurlMultiClient(
                    url: endpoint.url(Fixtures.smallPath), inFlight: max(1, inFlight / threads),
                    pemCertificate: clients.certificatePEM, publicKeyPin: options.publicKeyPin,
                    connectionsPerHost: max(1, ConcurrentScenario.connectionsPerHost / threads))
            }
            _ = await RawCurlMultiClient.run(loops, total: inFlight * 4, label: "warm-up", failures: failures)
            run = await RawCurlMultiClient.run(
                loops, total: options.requests ?? 20_000, label: "profile", failures: failures)
        } else if let inFlight = options.profiledInFlight {
            guard options.profiledLayer == .call, clients.takesPart(contender, on: endpoint),
                let operation = clients.concurrentSmallGet(contender, on: endpoint)
            else {
                throw BenchmarkError(
                    "--in-flight: \(contender.title) cannot be profiled on \(endpoint.title) (calls only)")
            }
            let executor = clients.executor(contender, concurrent: true)
            _ = await Runner.concurrent(
                total: inFlight * 4, inFlight: inFlight, label: "warm-up", failures: failures, executor: executor,
                operation)
            run = await Runner.concurrent(
                total: options.requests ?? 20_000, inFlight: inFlight, label: "profile", failures: failures,
                executor: executor, operation)
        } else {
            guard clients.takesPart(contender, on: endpoint),
                let operation = try clients.smallGet(contender, on: endpoint, layer: options.profiledLayer)
            else {
                throw BenchmarkError("\(contender.title) cannot be profiled on \(endpoint.title)")
            }
            let executor = clients.executor(contender, concurrent: false)
            _ = await Runner.sequential(10, label: "warm-up", failures: failures, executor: executor, operation)
            run = await Runner.sequential(
                options.requests ?? 20_000, label: "profile", failures: failures, executor: executor, operation)
        }
        let layer = options.profiledLayer == .call ? "" : " (\(options.profiledLayer.rawValue))"
        let threads = contender == .curl && options.profiledThreads > 1 ? " on \(options.profiledThreads) threads" : ""
        let inFlight = options.profiledInFlight.map { ", \($0) in flight\(threads)" } ?? ""
        print(
            "profile: \(contender.title)\(layer)\(inFlight), \(run.requests) requests on \(endpoint.title), \(Format.grouped(run.requestsPerSecond)) req/s, "
                + "\(Format.fixed(run.cpuMicrosecondsPerRequest, 1)) µs CPU per request, \(run.failures) failed")
        for line in failures.lines {
            print(line)
        }
    }
}
