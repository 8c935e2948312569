import Foundation

/// Scenario 2: a bounded number of requests with many in flight.
enum ConcurrentScenario {
    /// The wrk settings of this scenario.
    static let wrkThreads = 2
    static let wrkConnections = 16

    /// Runs every endpoint: rounds of Networking, URLSession, wrk.
    static func run(clients: Clients, counts: Counts, failures: FailureLog) async throws -> [EndpointResult] {
        var results: [EndpointResult] = []
        for endpoint in Endpoint.all(clients.options) {
            let contenders = [Contender.networking, .urlsession, .wrk].filter { clients.takesPart($0, on: endpoint) }
            for contender in contenders {
                if let operation = clients.concurrentSmallGet(contender, on: endpoint) {
                    // Warm-up: open the connections; not measured.
                    _ = await Runner.concurrent(
                        total: counts.concurrentInFlight * 4, inFlight: counts.concurrentInFlight, label: "warm-up",
                        failures: failures, operation)
                }
            }
            var runs: [Contender: [RunSample]] = [:]
            for round in 1...counts.concurrentRounds {
                Progress.say("concurrent \(endpoint.title): round \(round)/\(counts.concurrentRounds)")
                for contender in contenders {
                    let label = "concurrent \(endpoint.title) \(contender.title)"
                    if let operation = clients.concurrentSmallGet(contender, on: endpoint) {
                        runs[contender, default: []].append(
                            await Runner.concurrent(
                                total: counts.concurrentRequests, inFlight: counts.concurrentInFlight, label: label,
                                failures: failures, operation))
                    } else {
                        let wrk = Wrk(path: clients.options.wrkPath)
                        runs[contender, default: []].append(
                            try wrk.run(
                                endpoint.url(Fixtures.smallPath), threads: wrkThreads, connections: wrkConnections,
                                seconds: counts.wrkSeconds))
                    }
                }
            }
            results.append(
                EndpointResult(
                    endpoint: endpoint, contenders: contenders, runs: runs,
                    wrkTitle: "wrk -t\(wrkThreads) -c\(wrkConnections)"))
        }
        return results
    }
}
