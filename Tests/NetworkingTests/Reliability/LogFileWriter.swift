import Foundation
import Glibc
import Networking

/// Appends logger messages, one per line, to a file; whole messages only, from any thread.
final class LogFileWriter: Sendable {
    private let descriptor: Locked<Int32>

    /// Opens `path` for appending, creating it (mode 0600) if needed.
    /// - Returns: `nil` when the file cannot be opened.
    init?(path: String) {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            return nil
        }
        self.descriptor = Locked(descriptor)
    }

    /// Appends `message` and a newline.
    func write(_ message: String) {
        let bytes = Array((message + "\n").utf8)
        descriptor.withLock { descriptor in
            var offset = 0
            while offset < bytes.count {
                let written = bytes[offset...].withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
                guard written > 0 || (written < 0 && errno == EINTR) else {
                    return
                }
                offset += max(written, 0)
            }
        }
    }
}
