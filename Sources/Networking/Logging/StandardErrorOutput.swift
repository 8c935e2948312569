import Foundation

/// The logger's default output: standard error, one whole message per write so lines from
/// concurrent requests never interleave.
enum StandardErrorOutput {
    private static let lock = Locked(())

    /// Writes `message` and a newline to standard error.
    static func write(_ message: String) {
        let data = Data((message + "\n").utf8)
        lock.withLock { _ in
            FileHandle.standardError.write(data)
        }
    }
}
