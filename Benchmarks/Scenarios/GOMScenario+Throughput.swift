import Foundation
import Networking
import NetworkingGOM
import NetworkingTestKit

extension GOMScenario {
    /// One throughput run: subscribes, takes ``warmUp`` server-side writes, then a thread calls
    /// `MockGOMServer.update(attribute:value:)` `notifications` times as fast as it can while this task counts the
    /// notifications, checking that each value comes once and in order, until the last.
    static func throughput(_ receiver: Receiver, notifications: Int, transports: Transports) async throws
        -> ThroughputRun
    {
        let preexisting = ThreadTimes.threadIDs()  // the pool among them; the server's threads come after
        let gom = try MockGOMServer()
        defer { gom.shutdown() }
        gom.seed(attribute: path, value: seedValue)
        let source = try await Source.subscribe(receiver, on: gom, transport: transports.receiver)
        let watchdog = Task {
            try? await Task.sleep(for: .seconds(120))
            await source.stop()
        }
        defer { watchdog.cancel() }
        let label = "gom throughput, \(receiver.rawValue)"
        // The initial, then the warm-up writes, each awaited.
        var expected = seedValue
        var warmUpIndex = -warmUp
        var problem: String?
        await source.read { arrival in
            guard arrival.value == expected else {
                problem = "expected \(expected), got \(arrival.value ?? "no value")"
                return false
            }
            guard warmUpIndex < 0 else {
                return false
            }
            expected = String(warmUpIndex)
            gom.update(attribute: path, value: expected)
            warmUpIndex += 1
            return true
        }
        if let problem {
            throw BenchmarkError("\(label), warm-up: \(problem)")
        }
        guard expected == "-1" else {
            throw BenchmarkError("\(label): the stream ended during the warm-up")
        }

        let writerClock = ThreadCPUClock()
        // The writer's time and CPU seconds, read on its own thread before it ends (a dead thread's clock reads 0).
        let (finished, finish) = AsyncStream<(seconds: Double, cpu: Double)>.makeStream()
        var tasks = Set<Int32>()
        let before = Reading.now()
        let start = ThreadCPUClock.monotonicSeconds()
        let writer = Thread {
            writerClock.adoptCurrentThread()
            for index in 0..<notifications {
                gom.update(attribute: path, value: String(index))
            }
            finish.yield((ThreadCPUClock.monotonicSeconds() - start, writerClock.seconds))
            finish.finish()
        }
        writer.start()
        var received = 0
        var last = start
        await source.read { arrival in
            guard arrival.value == String(received) else {
                problem = "notification \(received) carried \(arrival.value ?? "no value")"
                return false
            }
            received += 1
            last = arrival.time
            if received % 64 == 0 {
                tasks.insert(ThreadTimes.currentID())
            }
            return received < notifications
        }
        let after = Reading.now()
        var done = finished.makeAsyncIterator()
        let writerRun = await done.next() ?? (seconds: 0, cpu: 0)
        await source.stop()
        if let problem {
            throw BenchmarkError("\(label): \(problem)")
        }
        guard received == notifications else {
            throw BenchmarkError("\(label): \(received) of \(notifications) notifications arrived")
        }
        return ThroughputRun(
            notifications: notifications, seconds: last - start, writerSeconds: writerRun.seconds,
            cpu: CPUSplit(before, after, transports, tasks: preexisting.union(tasks), writerThread: writerRun.cpu))
    }
}
