import Networking

/// Counts, through a lock, how many times each call completed and with which outcome, and describes every
/// call whose outcome was not the expected one.
final class OutcomeTally: Sendable {
    private struct State {
        var completions: [Int]
        var counts: [LoadOutcome: Int] = [:]
        var mismatches: [String] = []
    }

    private let state: Locked<State>

    /// A tally for calls `0..<callCount`.
    init(callCount: Int) {
        state = Locked(State(completions: Array(repeating: 0, count: callCount)))
    }

    /// Records that call `index` completed with `outcome`, expecting `expected`.
    func record(_ index: Int, _ outcome: LoadOutcome, expected: LoadOutcome) {
        state.withLock { state in
            state.completions[index] += 1
            state.counts[outcome, default: 0] += 1
            if outcome != expected {
                state.mismatches.append("call \(index): expected \(expected), got \(outcome)")
            }
        }
    }

    /// The calls that did not complete exactly once.
    var callsNotCompletedOnce: [Int] {
        state.withLock { state in state.completions.indices.filter { state.completions[$0] != 1 } }
    }

    /// How many calls had each outcome.
    var counts: [LoadOutcome: Int] {
        state.withLock { $0.counts }
    }

    /// One line per call whose outcome was not the expected one.
    var mismatches: [String] {
        state.withLock { $0.mismatches }
    }

    /// `success: 450, connectionLost: 10, …` in the order of ``LoadOutcome``.
    var summary: String {
        let counts = counts
        return LoadOutcome.allCases.compactMap { outcome in
            counts[outcome].map { "\(outcome): \($0)" }
        }.joined(separator: ", ")
    }
}
