import Dispatch
import Foundation

/// Hands a call's progress to the caller's closure: in order on a serial queue of its own (never on the
/// transport's thread), never going backwards (a retried attempt's reports resume only once they pass the
/// furthest point already reported), and ending with a report where `completedBytes == totalBytes` once the
/// call has succeeded.
final class ProgressRelay: Sendable {
    private struct State {
        var last: TransferProgress?
    }

    private let handler: @Sendable (TransferProgress) -> Void
    private let queue = DispatchQueue(label: "Networking.progress")
    private let state = Locked(State())

    init(_ handler: @escaping @Sendable (TransferProgress) -> Void) {
        self.handler = handler
    }

    /// The closure to give a transport.
    var report: @Sendable (TransferProgress) -> Void {
        { [self] progress in receive(progress) }
    }

    /// Passes `progress` on unless it goes backwards or repeats the last report.
    func receive(_ progress: TransferProgress) {
        let forward = state.withLock { state -> Bool in
            if let last = state.last {
                let further = progress.completedBytes > last.completedBytes
                let totalLearned =
                    progress.completedBytes == last.completedBytes && last.totalBytes == nil
                    && progress.totalBytes != nil
                guard further || totalLearned else {
                    return false
                }
            }
            state.last = progress
            return true
        }
        if forward {
            queue.async { [handler] in handler(progress) }
        }
    }

    /// Sends the final report (`completed == total`) unless the transport already did, and returns once every
    /// report has been delivered.
    /// - Parameter bytes: The size of what was transferred, for transports that reported nothing or never learned
    ///   the total.
    func finish(bytes: Int64) async {
        let final = state.withLock { state -> TransferProgress? in
            let final: TransferProgress
            switch state.last {
            case let last? where last.totalBytes == last.completedBytes:
                return nil
            case let last?:
                let total = last.totalBytes ?? max(bytes, last.completedBytes)
                final = TransferProgress(completedBytes: total, totalBytes: total)
            case nil:
                final = TransferProgress(completedBytes: bytes, totalBytes: bytes)
            }
            state.last = final
            return final
        }
        await withCheckedContinuation { continuation in
            queue.async { [handler] in
                if let final {
                    handler(final)
                }
                continuation.resume()
            }
        }
    }

    /// Returns once every report so far has been delivered.
    func flush() async {
        await withCheckedContinuation { continuation in
            queue.async { continuation.resume() }
        }
    }
}
