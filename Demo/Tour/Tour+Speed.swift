import Foundation
import Networking

extension Tour {
    /// What the loop step measured: how many of the calls returned the expected book, and how long each way took.
    struct LoopRun: Sendable {
        var correct: Int
        var onLoopThread: Duration
        var withHops: Duration
    }

    /// The same calls one after another, first on the transport's thread (`withTaskExecutorPreference`), then with
    /// the default hops, on a repository without event monitors (200 log lines would bury the rest); the step passes
    /// when every call returned the book (the speed is shown, not checked: the API server runs in this process).
    func loopStep() async {
        let calls = 200
        var quiet = configuration
        quiet.eventMonitors = []
        let repository = BooksRepository(configuration: quiet)
        await step(
            "\(calls) × GET books/3, loop thread",
            check: { (result: Result<LoopRun, RepositoryError>) in
                guard case .success(let run) = result else { return (false, "\(result)") }
                return (
                    run.correct == 2 * calls,
                    "\(run.correct / 2) of \(calls) each way: \(Self.shown(run.onLoopThread)) on the loop "
                        + "thread, \(Self.shown(run.withHops)) with a hop each way per call"
                )
            },
            call: {
                let clock = ContinuousClock()
                var correct = 0
                let onLoopThread = await clock.measure {
                    correct += await withTaskExecutorPreference(repository.transportExecutor) {
                        await Self.fetch(calls, from: repository)
                    }
                }
                let withHops = await clock.measure {
                    correct += await Self.fetch(calls, from: repository)
                }
                return .success(LoopRun(correct: correct, onLoopThread: onLoopThread, withHops: withHops))
            }
        )
    }

    /// Fetches book 3 `count` times, one call after another.
    /// - Returns: How many calls returned "Ficciones".
    private static func fetch(_ count: Int, from repository: BooksRepository) async -> Int {
        var correct = 0
        for _ in 0..<count {
            if case .success(let book) = await repository.fetchBook(id: 3), book.title == "Ficciones" {
                correct += 1
            }
        }
        return correct
    }

    /// A duration as whole milliseconds.
    private static func shown(_ duration: Duration) -> String {
        String(format: "%.0f ms", milliseconds(duration))
    }
}
