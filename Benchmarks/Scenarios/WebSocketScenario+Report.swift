import Foundation

extension WebSocketScenario {
    /// The goal: Networking's messages per second at least this share of the C baseline's.
    static let goal = 0.8

    /// Section 9: the small-message table, then the 1 MB table.
    static func render(_ result: Result) -> String {
        let smallCount = Format.grouped(Double(result.roundTrips[.small] ?? 0))
        let largeCount = result.roundTrips[.large] ?? 0
        return "9. WebSocket echo against MockServer's echo handler on 127.0.0.1 (in this process, a new server and "
            + "connection per run): Networking's WebSocket (send, then the next message of one messages iterator), "
            + "the same loop inside withTaskExecutorPreference(CurlTransport.shared.executor) (\"Networking, "
            + "executor\"), and C driving libcurl + wslay directly on one thread; wss pinned to the server's "
            + "certificate; medians of \(result.rounds[.small] ?? 0) rounds (\(result.rounds[.large] ?? 0) for 1 MB) "
            + "after an unmeasured one, the clients' order rotated every round; client CPU = getrusage(RUSAGE_SELF) "
            + "less the server thread's CPU clock; \"N ÷\" is Networking's median over that row's; target: both "
            + "Networking rows ≥ \(Format.fixed(goal, 2)) × C's msg/s\n"
            + "9a. \(smallCount) round trips of a \(smallMessage.utf8.count)-byte text message per run (after "
            + "\(result.warmUp[.small] ?? 0) unmeasured); RTT from before the send to after the echo arrived\n"
            + smallTable(result) + "\n"
            + "9b. \(largeCount) round trips of a \(Format.grouped(Double(largeMessageSize)))-byte binary message per "
            + "run (after \(result.warmUp[.large] ?? 0) unmeasured); MB/s = message bytes echoed per second "
            + "(10^6 bytes; each byte travels both ways in that time)\n" + largeTable(result)
    }

    private static func smallTable(_ result: Result) -> String {
        var table = TextTable(
            [
                "scheme", "client", "msg/s", "min–max", "N ÷", "RTT median µs", "RTT p99 µs", "client CPU µs/msg",
                "server CPU µs/msg",
            ],
            rightAligned: [2, 3, 4, 5, 6, 7, 8])
        for scheme in Scheme.allCases {
            let networking = rate(result, .small, scheme, .networking, \.messagesPerSecond)
            for (index, client) in Client.allCases.enumerated() {
                guard let runs = result.runs[Key(load: .small, scheme: scheme, client: client)], !runs.isEmpty else {
                    continue
                }
                let rate = Samples(runs.map(\.messagesPerSecond))
                let perMessage = { (seconds: Double, run: Run) in seconds / Double(run.roundTrips.count) * 1e6 }
                table.add([
                    index == 0 ? scheme.title : "", client.rawValue, Format.grouped(rate.median), Format.range(rate),
                    networking.map { Format.ratio($0 / rate.median) } ?? "",
                    Format.fixed(Samples(runs.map(\.medianRoundTrip)).median * 1e6, 1),
                    Format.fixed(Samples(runs.map(\.p99RoundTrip)).median * 1e6, 1),
                    Format.fixed(Samples(runs.map { perMessage($0.clientCPUSeconds, $0) }).median, 1),
                    Format.fixed(Samples(runs.map { perMessage($0.serverCPUSeconds, $0) }).median, 1),
                ])
            }
        }
        return table.render()
    }

    private static func largeTable(_ result: Result) -> String {
        var table = TextTable(
            ["scheme", "client", "MB/s", "min–max", "N ÷", "RTT median ms", "client CPU ms/MB", "server CPU ms/MB"],
            rightAligned: [2, 3, 4, 5, 6, 7])
        for scheme in Scheme.allCases {
            let networking = rate(result, .large, scheme, .networking, \.megabytesPerSecond)
            for (index, client) in Client.allCases.enumerated() {
                guard let runs = result.runs[Key(load: .large, scheme: scheme, client: client)], !runs.isEmpty else {
                    continue
                }
                let rate = Samples(runs.map(\.megabytesPerSecond))
                let perMegabyte = { (seconds: Double, run: Run) in
                    seconds / (Double(run.roundTrips.count * run.messageBytes) / 1e6) * 1e3
                }
                table.add([
                    index == 0 ? scheme.title : "", client.rawValue, Format.fixed(rate.median, 1),
                    "\(Format.fixed(rate.minimum, 1))–\(Format.fixed(rate.maximum, 1))",
                    networking.map { Format.ratio($0 / rate.median) } ?? "",
                    Format.fixed(Samples(runs.map(\.medianRoundTrip)).median * 1e3, 2),
                    Format.fixed(Samples(runs.map { perMegabyte($0.clientCPUSeconds, $0) }).median, 2),
                    Format.fixed(Samples(runs.map { perMegabyte($0.serverCPUSeconds, $0) }).median, 2),
                ])
            }
        }
        return table.render()
    }

    /// The goal per scheme, for the report's targets: one line for each Networking client.
    static func targets(_ result: Result) -> [(target: String, measured: String, met: Bool?)] {
        Scheme.allCases.flatMap { scheme in
            [Client.networking, .networkingExecutor].map { client in
                let target =
                    "WebSocket echo, \(scheme.title): ≥ \(Format.ratio(goal)) the C baseline's msg/s (\(client.rawValue))"
                guard let networking = rate(result, .small, scheme, client, \.messagesPerSecond),
                    let baseline = rate(result, .small, scheme, .baseline, \.messagesPerSecond), baseline > 0
                else {
                    return (target, "not run", nil)
                }
                let ratio = networking / baseline
                return (target, Format.ratio(ratio), ratio >= goal)
            }
        }
    }

    /// The targets alone, as a table (for `--websocket`).
    static func targetTable(_ result: Result) -> String {
        var table = TextTable(["target", "measured", "status"], rightAligned: [1])
        for check in targets(result) {
            table.add([check.target, check.measured, check.met.map { $0 ? "met" : "MISSED" } ?? "n/a"])
        }
        return table.render()
    }

    private static func rate(
        _ result: Result, _ load: Load, _ scheme: Scheme, _ client: Client, _ metric: (Run) -> Double
    ) -> Double? {
        guard let runs = result.runs[Key(load: load, scheme: scheme, client: client)], !runs.isEmpty else {
            return nil
        }
        return Samples(runs.map(metric)).median
    }
}
