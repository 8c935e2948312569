import Foundation

/// Scenario 2: a bounded number of requests with many in flight, every contender on at most
/// ``connectionsPerHost`` connections.
enum ConcurrentScenario {
    /// The most connections each contender opens to an endpoint: `CurlTransport(maximumConnectionsPerHost:)`,
    /// `URLSessionConfiguration.httpMaximumConnectionsPerHost`, and wrk's `-c`.
    static let connectionsPerHost = 16
    /// The wrk settings of this scenario.
    static let wrkThreads = 2
    static let wrkConnections = connectionsPerHost

    /// Runs every endpoint: rounds of Networking, "Networking, executor" (the same repositories with the whole
    /// run inside `withTaskExecutorPreference`), raw libcurl (one multi handle on one thread: ``RawCurlMultiClient``),
    /// URLSession, wrk, with each run's connections counted (the most open at once, and how many nginx accepted).
    static func run(clients: Clients, counts: Counts, failures: FailureLog) async throws -> [EndpointResult] {
        var results: [EndpointResult] = []
        let status = try? NginxStatus(options: clients.options)
        // Opens the reader's own connection now, so that the counters below take it for one already there.
        _ = status?.accepts()
        for endpoint in Endpoint.all(clients.options) {
            let contenders = [Contender.networking, .networkingExecutor, .curl, .urlsession, .wrk].filter {
                clients.takesPart($0, on: endpoint)
            }
            let connections = ConnectionCounter(port: endpoint.port)
            defer { connections.stop() }
            for contender in contenders {
                // Warm-up: open the connections; not measured.
                let warmUp = counts.concurrentInFlight * 4
                if contender == .curl {
                    connections.begin(contender)
                    _ = try await clients.concurrentCurl(endpoint, inFlight: counts.concurrentInFlight).run(
                        total: warmUp, label: "warm-up", failures: failures)
                    _ = connections.end()
                } else if let operation = clients.concurrentSmallGet(contender, on: endpoint) {
                    connections.begin(contender)
                    _ = await Runner.concurrent(
                        total: warmUp, inFlight: counts.concurrentInFlight, label: "warm-up",
                        failures: failures, executor: clients.executor(contender, concurrent: true), operation)
                    _ = connections.end()
                }
            }
            var runs: [Contender: [RunSample]] = [:]
            var peaks: [Contender: Int] = [:]
            var opened: [Contender: [Int]] = [:]
            for round in 1...counts.concurrentRounds {
                Progress.say("concurrent \(endpoint.title): round \(round)/\(counts.concurrentRounds)")
                for contender in contenders {
                    let label = "concurrent \(endpoint.title) \(contender.title)"
                    connections.begin(contender)
                    let accepted = status?.accepts()
                    if contender == .curl {
                        let client = try clients.concurrentCurl(endpoint, inFlight: counts.concurrentInFlight)
                        runs[contender, default: []].append(
                            await client.run(total: counts.concurrentRequests, label: label, failures: failures))
                    } else if let operation = clients.concurrentSmallGet(contender, on: endpoint) {
                        runs[contender, default: []].append(
                            await Runner.concurrent(
                                total: counts.concurrentRequests, inFlight: counts.concurrentInFlight, label: label,
                                failures: failures, executor: clients.executor(contender, concurrent: true),
                                operation))
                    } else {
                        let wrk = Wrk(path: clients.options.wrkPath)
                        runs[contender, default: []].append(
                            try wrk.run(
                                endpoint.url(Fixtures.smallPath), threads: wrkThreads, connections: wrkConnections,
                                seconds: counts.wrkSeconds))
                    }
                    peaks[contender] = max(peaks[contender] ?? 0, connections.end())
                    if let accepted, let now = status?.accepts() {
                        opened[contender, default: []].append(now - accepted)
                    }
                }
            }
            results.append(
                EndpointResult(
                    endpoint: endpoint, contenders: contenders, runs: runs,
                    wrkTitle: "wrk -t\(wrkThreads) -c\(wrkConnections)", peakConnections: peaks,
                    openedConnections: opened))
        }
        return results
    }
}
