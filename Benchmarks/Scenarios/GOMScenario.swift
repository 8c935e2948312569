import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit

/// Scenario 10 (issue 15): GOM notifications against `MockGOMServer` in this process. **Latency**: a `GOMClient` PUTs
/// an attribute, one at a time, and the time from before the PUT to the observer's stream event with that value is
/// recorded, with the PUT's own round trip beside it. **Throughput**: the server writes the attribute as fast as it
/// can from a thread of its own, and the observer counts the notifications until the last. Each is measured for a
/// `GOMObserver` and, as the baseline, for a raw `WebSocket` subscribed by hand, which separates the observer's own
/// cost (GNP parsing, the actor, its stream) from the socket's.
enum GOMScenario {
    /// Who receives the notifications.
    enum Receiver: String, CaseIterable, Sendable {
        /// `GOMObserver.observe(_:)`.
        case observer = "GOMObserver"
        /// Networking's `WebSocket` on the proxy's URL, the GNP subscribe sent by hand, the value found in the frame's
        /// text without parsing it.
        case socket = "raw WebSocket"
    }

    /// One latency run: one server, one receiver, one writer.
    struct LatencyRun: Sendable {
        /// PUT start → notification, per measured update, in seconds, sorted.
        var totals: [Double]
        /// PUT start → `updateAttribute` returned, sorted.
        var puts: [Double]
        /// How many notifications arrived before their PUT returned.
        var early: Int
        /// Wall-clock seconds of the measured updates.
        var seconds: Double
        var cpu: CPUSplit
    }

    /// One throughput run.
    struct ThroughputRun: Sendable {
        var notifications: Int
        /// Before the first write → the last notification's arrival.
        var seconds: Double
        /// How long the server's writer took for all its writes.
        var writerSeconds: Double
        var cpu: CPUSplit

        var perSecond: Double {
            Double(notifications) / seconds
        }
    }

    /// Every measured run.
    struct Result: Sendable {
        var latency: [Receiver: [LatencyRun]] = [:]
        var throughput: [Receiver: [ThroughputRun]] = [:]
        var rounds = 0
        var updates = 0
        var notifications = 0
    }

    /// The attribute written and observed.
    static let path = "/bench/node:value"
    /// Its value before the run: what the initial carries.
    static let seedValue = "seed"
    /// Unmeasured updates (latency) and server writes (throughput) before the measured ones, on each server.
    static let warmUp = 100

    /// `counts.gomRounds` measured rounds after an unmeasured one; each round measures the latency, then the
    /// throughput, of both receivers (their order swapped every round), each run on a new server.
    static func run(counts: Counts) async throws -> Result {
        let transports = Transports()
        if transports.receiverLoop.isEmpty || transports.writerLoop.isEmpty {
            Progress.say("gom: a transport's loop thread was not told apart; its CPU counts as the rest's")
        }
        var result = Result(
            rounds: counts.gomRounds, updates: counts.gomUpdates, notifications: counts.gomNotifications)
        for round in 0...counts.gomRounds {
            Progress.say("gom: round \(round)/\(counts.gomRounds)")
            let receivers = round % 2 == 0 ? Receiver.allCases : Receiver.allCases.reversed()
            for receiver in receivers {
                let run = try await latency(receiver, updates: counts.gomUpdates, transports: transports)
                if round > 0 {  // round 0 warms up
                    result.latency[receiver, default: []].append(run)
                }
            }
            for receiver in receivers {
                let run = try await throughput(receiver, notifications: counts.gomNotifications, transports: transports)
                if round > 0 {
                    result.throughput[receiver, default: []].append(run)
                }
            }
        }
        return result
    }

    /// One latency run: subscribes, then PUTs `updates` values one at a time (after ``warmUp`` unmeasured ones), each
    /// waiting for its notification, which a task of its own reads and times.
    static func latency(_ receiver: Receiver, updates: Int, transports: Transports) async throws -> LatencyRun {
        let preexisting = ThreadTimes.threadIDs()  // the pool among them; the server's threads come after
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        gom.seed(attribute: path, value: seedValue)
        let writer = GOMClient(configuration: configuration(gom), transport: transports.writer)
        let source = try await Source.subscribe(receiver, on: gom, transport: transports.receiver)
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(120))
            await source.stop()
        }
        defer { watchdog.cancel() }
        let (arrivals, handOver) = AsyncStream<Arrival>.makeStream(bufferingPolicy: .unbounded)
        let reader = Task {
            var threads = Set<Int32>()
            var count = 0
            await source.read { arrival in
                handOver.yield(arrival)
                count += 1
                if count % 16 == 0 {  // a pool thread started after the server is seen within a few samples
                    threads.insert(ThreadTimes.currentID())
                }
                return true
            }
            handOver.finish()
            return threads
        }
        var next = arrivals.makeAsyncIterator()
        guard let initial = await next.next(), initial.value == seedValue else {
            throw BenchmarkError("gom latency, \(receiver.rawValue): no initial with \"\(seedValue)\"")
        }
        var totals = [Double](repeating: 0, count: updates)
        var puts = [Double](repeating: 0, count: updates)
        var early = 0
        var callers = Set<Int32>()
        var before = Reading.now()
        var start = ThreadCPUClock.monotonicSeconds()
        for index in -warmUp..<updates {
            if index == 0 {
                before = Reading.now()
                start = ThreadCPUClock.monotonicSeconds()
            }
            let value = String(index)
            let sent = ThreadCPUClock.monotonicSeconds()
            if case .failure(let error) = await writer.updateAttribute(path, value: value) {
                throw BenchmarkError("gom latency, \(receiver.rawValue): PUT \(value) failed: \(error)")
            }
            let written = ThreadCPUClock.monotonicSeconds()
            if index % 16 == 0 {
                callers.insert(ThreadTimes.currentID())
            }
            guard let arrival = await next.next(), arrival.value == value else {
                throw BenchmarkError("gom latency, \(receiver.rawValue): update \(value) was not the next notification")
            }
            if index >= 0 {
                totals[index] = arrival.time - sent
                puts[index] = written - sent
                early += arrival.time < written ? 1 : 0
            }
        }
        let end = ThreadCPUClock.monotonicSeconds()
        let after = Reading.now()
        await source.stop()
        let readers = await reader.value
        return LatencyRun(
            totals: totals.sorted(), puts: puts.sorted(), early: early, seconds: end - start,
            cpu: CPUSplit(before, after, transports, tasks: preexisting.union(callers).union(readers), writerThread: 0))
    }
}
