import Foundation
import Synchronization

/// Counts the failed requests of a run and keeps the first failure's text, for the report.
final class FailureLog: Sendable {
    private let state = Mutex<[String: (count: Int, first: String)]>([:])

    /// Records one failure.
    /// - Parameters:
    ///   - error: The error.
    ///   - label: The contender and endpoint it happened on.
    func record(_ error: any Error, label: String) {
        let text = String(describing: error)
        state.withLock { failures in
            let previous = failures[label]
            failures[label] = ((previous?.count ?? 0) + 1, previous?.first ?? text)
        }
    }

    /// One line per label with failures: the count and the first error.
    var lines: [String] {
        state.withLock { failures in
            failures.keys.sorted().compactMap { label in
                failures[label].map { "\(label): \($0.count) failed, first: \($0.first)" }
            }
        }
    }
}

/// Runs a request operation many times and measures the run.
enum Runner {
    /// Runs `count` requests one after the other.
    /// - Parameters:
    ///   - count: The number of requests.
    ///   - label: The failure log's label.
    ///   - failures: Where failures are recorded.
    ///   - executor: The task executor the whole run prefers (entering the scope is one hop, before the clock
    ///     starts), or `nil` for none.
    ///   - one: One request (and decode); throws on failure.
    static func sequential(
        _ count: Int, label: String, failures: FailureLog, executor: (any TaskExecutor)? = nil,
        _ one: () async throws -> Void
    ) async -> RunSample {
        // A nil preference runs the operation as it is, with no hop.
        await withTaskExecutorPreference(executor) {
            var failed = 0
            let usage = ResourceUsage.current()
            let start = ContinuousClock.now
            for _ in 0..<count {
                do {
                    try await one()
                } catch {
                    failed += 1
                    failures.record(error, label: label)
                }
            }
            let elapsed = start.duration(to: .now)
            return RunSample(
                requests: count - failed, failures: failed, seconds: seconds(elapsed),
                usage: ResourceUsage.current() - usage)
        }
    }

    /// Runs `total` requests with `inFlight` of them at a time: `inFlight` workers take the next request
    /// number until none is left. Each worker returns only an `Int` (see the research note on release-mode
    /// task groups); failures go to the log.
    /// - Parameters:
    ///   - total: The number of requests.
    ///   - inFlight: The number of workers.
    ///   - label: The failure log's label.
    ///   - failures: Where failures are recorded.
    ///   - executor: The task executor the whole run prefers (the workers inherit it), or `nil` for none.
    ///   - one: One request (and decode); throws on failure.
    static func concurrent(
        total: Int, inFlight: Int, label: String, failures: FailureLog, executor: (any TaskExecutor)? = nil,
        _ one: @escaping @Sendable () async throws -> Void
    ) async -> RunSample {
        await withTaskExecutorPreference(executor) {
            let ticket = Ticket()
            let usage = ResourceUsage.current()
            let start = ContinuousClock.now
            let completed = await withTaskGroup(of: Int.self) { group in
                for _ in 0..<inFlight {
                    group.addTask {
                        var done = 0
                        while ticket.take() < total {
                            do {
                                try await one()
                                done += 1
                            } catch {
                                failures.record(error, label: label)
                            }
                        }
                        return done
                    }
                }
                return await group.reduce(0, +)
            }
            let elapsed = start.duration(to: .now)
            return RunSample(
                requests: completed, failures: total - completed, seconds: seconds(elapsed),
                usage: ResourceUsage.current() - usage)
        }
    }

    /// A duration in seconds.
    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Hands out request numbers to concurrent workers.
    private final class Ticket: Sendable {
        private let next = Atomic<Int>(0)

        func take() -> Int {
            next.add(1, ordering: .relaxed).oldValue
        }
    }
}
