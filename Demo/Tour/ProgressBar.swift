import Foundation
import Networking

/// A one-line progress bar on a terminal: `▕██████░░░░▏  62 %  3.7 of 6.0 MiB`, redrawn in place, gone when
/// the transfer ends. Draws nothing when standard output is not a terminal.
final class ProgressBar: Sendable {
    private let console: Console
    private let label: String
    private let drawn = Locked(false)

    init(console: Console, label: String) {
        self.console = console
        self.label = label
    }

    /// Redraws the bar for `progress`.
    func update(_ progress: TransferProgress) {
        guard console.isTerminal else {
            return
        }
        let width = 24
        let fraction = progress.fractionCompleted ?? 0
        let filled = Int((fraction * Double(width)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        let total = progress.totalBytes.map { " of \(Self.mebibytes($0))" } ?? ""
        let text = String(
            format: "   %@ ▕%@▏ %3d %%  %@%@", label, bar, Int(fraction * 100), Self.mebibytes(progress.completedBytes),
            total)
        console.overwrite(text)
        drawn.withLock { $0 = true }
    }

    /// Removes the bar.
    func clear() {
        if drawn.withLock({ $0 }) {
            console.overwrite("")
        }
    }

    private static func mebibytes(_ bytes: Int64) -> String {
        String(format: "%.1f MiB", Double(bytes) / 1_048_576)
    }
}
