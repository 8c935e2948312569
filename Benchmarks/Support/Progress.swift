import Foundation

/// Progress lines on standard error, so that standard output holds only the report.
enum Progress {
    /// Prints one line with the time since the process started.
    static func say(_ message: String) {
        let elapsed = String(format: "%6.1f", Runner.seconds(start.duration(to: .now)))
        FileHandle.standardError.write(Data("[\(elapsed) s] \(message)\n".utf8))
    }

    private static let start = ContinuousClock.now
}
