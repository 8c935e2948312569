import Foundation

/// Scenario 1 (and 3): sequential small GET + decode, one connection per contender, with CPU time and
/// voluntary context switches per request from `getrusage(RUSAGE_SELF)` around each run. "Networking, executor"
/// runs the same calls as Networking with each whole run inside `withTaskExecutorPreference`.
enum SequentialScenario {
    /// Runs every endpoint: per endpoint, a warm-up per contender, then rounds of A B C D.
    static func run(clients: Clients, counts: Counts, failures: FailureLog) async throws -> [EndpointResult] {
        var results: [EndpointResult] = []
        for endpoint in Endpoint.all(clients.options) {
            let contenders = Contender.allCases.filter { clients.takesPart($0, on: endpoint) }
            var operations: [Contender: () async throws -> Void] = [:]
            for contender in contenders {
                if let operation = try clients.smallGet(contender, on: endpoint) {
                    operations[contender] = operation
                    // Warm-up: connect, handshake, fill caches; not measured.
                    _ = await Runner.sequential(
                        50, label: "warm-up", failures: failures,
                        executor: clients.executor(contender, concurrent: false), operation)
                }
            }
            var runs: [Contender: [RunSample]] = [:]
            for round in 1...counts.sequentialRounds {
                Progress.say("sequential \(endpoint.title): round \(round)/\(counts.sequentialRounds)")
                for contender in contenders {
                    let label = "sequential \(endpoint.title) \(contender.title)"
                    if let operation = operations[contender] {
                        runs[contender, default: []].append(
                            await Runner.sequential(
                                counts.sequentialRequests, label: label, failures: failures,
                                executor: clients.executor(contender, concurrent: false), operation))
                    } else {
                        let wrk = Wrk(path: clients.options.wrkPath)
                        runs[contender, default: []].append(
                            try wrk.run(
                                endpoint.url(Fixtures.smallPath), threads: 1, connections: 1,
                                seconds: counts.wrkSeconds))
                    }
                }
            }
            results.append(
                EndpointResult(endpoint: endpoint, contenders: contenders, runs: runs, wrkTitle: "wrk -t1 -c1"))
        }
        return results
    }
}
