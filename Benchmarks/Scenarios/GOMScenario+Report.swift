import Foundation

extension GOMScenario {
    /// Section 10: latency, throughput, and where the CPU went.
    static func render(_ result: Result) -> String {
        "10. GOM notifications (issue 15) against MockGOMServer on 127.0.0.1 (in this process, a new server per run): "
            + "a GOMObserver observing \(path) against a raw WebSocket subscribed to it by hand (GNP subscribe "
            + "command; the value found in the frame's text, nothing parsed), each on a CurlTransport of its own; "
            + "medians of \(result.rounds) rounds after an unmeasured one, the receivers' order swapped every round; "
            + "CPU = getrusage(RUSAGE_SELF), the server's threads included\n"
            + "10a. Latency: a GOMClient on another CurlTransport PUTs the attribute \(grouped(result.updates)) times "
            + "per run (after \(warmUp) unmeasured), one at a time, each waiting for its notification; total = before "
            + "the PUT → the receiver's reading task has the notification; PUT = until updateAttribute returned; "
            + "early = notifications that arrived before their PUT returned; \"+ raw\" = the median over rounds of the "
            + "run's median total less the raw socket's in the same round\n" + latencyTable(result) + "\n"
            + "10b. Throughput: a thread calls MockGOMServer.update(attribute:value:) \(grouped(result.notifications)) "
            + "times as fast as it can (after \(warmUp) unmeasured writes), the receiver counts the notifications "
            + "(every value once, in order); notif/s = notifications ÷ (first write → last notification); server "
            + "writes/s = the writer thread's own pace; \"O ÷ raw\" = the observer's notif/s over the raw socket's\n"
            + throughputTable(result) + "\n"
            + "10c. CPU per update (10a) and per notification (10b) by thread, µs (medians; per-thread times from "
            + "/proc/self/task/*/schedstat): receiver's loop = the receiver transport's loop thread; tasks = the pool "
            + "threads, which run the observer's actor, the streams, the caller and the writer's request pipeline "
            + "(every thread from before the run's server, less the loops); writer = the writer transport's loop (10a) "
            + "or the server-side writer thread (10b); server & rest = the remainder, the threads started with the "
            + "run's MockGOMServer (its WebSocket peer, the HTTP connection taking the PUTs)\n" + cpuTable(result)
    }

    private static func latencyTable(_ result: Result) -> String {
        var table = TextTable(
            [
                "receiver", "total median µs", "min–max", "+ raw", "total p99 µs", "PUT median µs", "PUT p99 µs",
                "early", "updates/s", "CPU µs/update",
            ],
            rightAligned: [1, 2, 3, 4, 5, 6, 7, 8, 9])
        let raw = result.latency[.socket] ?? []
        for receiver in Receiver.allCases {
            guard let runs = result.latency[receiver], !runs.isEmpty else {
                continue
            }
            let medians = Samples(runs.map(\.medianTotal))
            let updates = Double(runs[0].totals.count)
            // Paired by round (the runs of a round follow each other), so that a slower stretch of the machine
            // weighs on both sides of each difference.
            let overRaw = Samples(zip(runs, raw).map { $0.medianTotal - $1.medianTotal }).median
            table.add([
                receiver.rawValue, micro(medians.median),
                "\(micro(medians.minimum))–\(micro(medians.maximum))",
                raw.count == runs.count ? (overRaw >= 0 ? "+" : "") + micro(overRaw) : "",
                micro(Samples(runs.map { percentile($0.totals, 0.99) }).median),
                micro(Samples(runs.map { percentile($0.puts, 0.5) }).median),
                micro(Samples(runs.map { percentile($0.puts, 0.99) }).median),
                Format.fixed(Samples(runs.map { Double($0.early) / updates * 100 }).median, 0) + " %",
                Format.grouped(Samples(runs.map { updates / $0.seconds }).median),
                micro(Samples(runs.map { $0.cpu.total / updates }).median),
            ])
        }
        return table.render()
    }

    private static func throughputTable(_ result: Result) -> String {
        var table = TextTable(
            ["receiver", "notif/s", "min–max", "O ÷ raw", "server writes/s", "CPU µs/notif"],
            rightAligned: [1, 2, 3, 4, 5])
        let raw = result.throughput[.socket].map { Samples($0.map(\.perSecond)).median }
        for receiver in Receiver.allCases {
            guard let runs = result.throughput[receiver], !runs.isEmpty else {
                continue
            }
            let rate = Samples(runs.map(\.perSecond))
            table.add([
                receiver.rawValue, Format.grouped(rate.median), Format.range(rate),
                raw.map { Format.ratio(rate.median / $0) } ?? "",
                Format.grouped(Samples(runs.map { Double($0.notifications) / $0.writerSeconds }).median),
                micro(Samples(runs.map { $0.cpu.total / Double($0.notifications) }).median),
            ])
        }
        return table.render()
    }

    private static func cpuTable(_ result: Result) -> String {
        var table = TextTable(
            ["run", "receiver", "total", "receiver's loop", "tasks", "writer", "server & rest"],
            rightAligned: [2, 3, 4, 5, 6])
        let runs: [(String, Receiver, [(CPUSplit, Int)])] =
            Receiver.allCases.map { receiver in
                ("latency", receiver, (result.latency[receiver] ?? []).map { ($0.cpu, $0.totals.count) })
            }
            + Receiver.allCases.map { receiver in
                ("throughput", receiver, (result.throughput[receiver] ?? []).map { ($0.cpu, $0.notifications) })
            }
        for (index, (name, receiver, splits)) in runs.enumerated() where !splits.isEmpty {
            func column(_ part: (CPUSplit) -> Double) -> String {
                micro(Samples(splits.map { part($0.0) / Double($0.1) }).median)
            }
            table.add([
                index % Receiver.allCases.count == 0 ? name : "", receiver.rawValue, column(\.total),
                column(\.receiverLoop), column(\.tasks), column { $0.writerLoop + $0.writerThread }, column(\.rest),
            ])
        }
        return table.render()
    }

    /// Seconds as microseconds with one decimal.
    private static func micro(_ seconds: Double) -> String {
        Format.fixed(seconds * 1e6, 1)
    }

    private static func grouped(_ count: Int) -> String {
        Format.grouped(Double(count))
    }

    /// The value at a fraction of a sorted array (nearest rank).
    static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
        guard !sorted.isEmpty else {
            return 0
        }
        return sorted[min(sorted.count - 1, max(0, Int((Double(sorted.count) * fraction).rounded(.up)) - 1))]
    }
}

extension GOMScenario.LatencyRun {
    /// The median of the totals.
    var medianTotal: Double {
        GOMScenario.percentile(totals, 0.5)
    }
}
