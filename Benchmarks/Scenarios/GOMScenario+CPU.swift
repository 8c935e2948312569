import Foundation
import Networking

extension GOMScenario {
    /// A run's CPU seconds by the threads that spent them.
    struct CPUSplit: Sendable {
        /// The whole process: `getrusage(RUSAGE_SELF)`, the in-process server included.
        var total: Double
        /// The loop thread of the receiver's transport (its socket's reads and writes, libcurl and wslay).
        var receiverLoop: Double
        /// The loop thread of the writer's transport (the PUTs); 0 in the throughput runs.
        var writerLoop: Double
        /// The pool threads, which run the tasks: the observer's actor, the streams, the caller and its PUTs. Every
        /// thread that existed before the run's server started counts (idle ones add nothing), less the two loops,
        /// and any later thread a task of the scenario was seen on.
        var tasks: Double
        /// The thread calling `MockGOMServer.update` in the throughput runs; 0 in the latency runs.
        var writerThread: Double

        /// Everything else: the threads started with or after the run's MockGOMServer (its WebSocket peer, the HTTP
        /// connection that takes the PUTs, its accept loop), and any pool thread started meanwhile that no task of
        /// the scenario was seen on.
        var rest: Double {
            total - receiverLoop - writerLoop - tasks - writerThread
        }

        /// The split of the CPU spent between two readings.
        /// - Parameters:
        ///   - before: The reading at the start.
        ///   - after: The reading at the end.
        ///   - transports: The transports, whose loop threads are known.
        ///   - tasks: The pool threads: those from before the server, and those the scenario's tasks were seen on.
        ///   - writerThread: The server-side writer thread's CPU seconds; 0 when there was none.
        init(_ before: Reading, _ after: Reading, _ transports: Transports, tasks: Set<Int32>, writerThread: Double) {
            let pool = tasks.subtracting(transports.receiverLoop).subtracting(transports.writerLoop)
            total = (after.usage - before.usage).cpuSeconds
            receiverLoop = after.threads.seconds(of: transports.receiverLoop, since: before.threads)
            writerLoop = after.threads.seconds(of: transports.writerLoop, since: before.threads)
            self.tasks = after.threads.seconds(of: pool, since: before.threads)
            self.writerThread = writerThread
        }
    }

    /// The process's CPU and each thread's, read together.
    struct Reading {
        let usage: ResourceUsage
        let threads: ThreadTimes

        static func now() -> Reading {
            Reading(usage: .current(), threads: .now())
        }
    }

    /// The loop threads of the two transports, told apart by starting each while watching the thread list.
    struct Transports {
        let receiver: CurlTransport
        let writer: CurlTransport
        let receiverLoop: Set<Int32>
        let writerLoop: Set<Int32>

        init() {
            var known = ThreadTimes.threadIDs()
            receiver = CurlTransport()
            receiverLoop = ThreadTimes.newThread(besides: known).map { [$0] } ?? []
            known = ThreadTimes.threadIDs()
            writer = CurlTransport()
            writerLoop = ThreadTimes.newThread(besides: known).map { [$0] } ?? []
        }
    }
}
